import type { ReactNode } from 'react';
import { ContentImage } from '../../../components/ContentImage';
import { useI18n } from '../../../lib/i18n';
import type { CourseDetails } from '../api/course-details';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The cover the editors chose, in its own proportions. */
export function CourseCover({ details }: { details: CourseDetails | null }) {
  const cover = details?.cover;
  if (!cover) return null;
  return (
    <ContentImage
      media={cover}
      sizes="(min-width: 896px) 864px, 100vw"
      className="mt-6 aspect-video w-full rounded-2xl bg-slate-200 object-cover"
    />
  );
}

/** Highlights, above the fold: what makes the course worth it, in the editors' words. */
export function CourseHighlights({ details }: { details: CourseDetails | null }) {
  const { t } = useI18n();
  if (!details?.highlights.length) return null;
  return (
    <Section id="highlights" title={t('course.highlights')}>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {details.highlights.map((h) => (
          <li key={h} className="flex gap-3 rounded-xl border border-teal-100 bg-teal-50 p-4 text-slate-800">
            <span aria-hidden="true" className="text-teal-700">
              ★
            </span>
            {h}
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** What you will learn and the long description. */
export function CourseLearning({ details }: { details: CourseDetails | null }) {
  const { t } = useI18n();
  if (!details) return null;
  return (
    <>
      {details.whatYouWillLearn.length > 0 && (
        <Section id="learn" title={t('course.learn')}>
          <ul className="mt-4 grid gap-2 rounded-2xl border border-slate-200 bg-white p-5 text-slate-800 sm:grid-cols-2">
            {details.whatYouWillLearn.map((w) => (
              <li key={w} className="flex gap-2">
                <span aria-hidden="true" className="text-emerald-700">
                  ✓
                </span>
                {w}
              </li>
            ))}
          </ul>
        </Section>
      )}
      {details.longDescription && (
        <Section id="about" title={t('course.about')}>
          <p className="mt-4 leading-relaxed whitespace-pre-line text-slate-800">{details.longDescription}</p>
        </Section>
      )}
    </>
  );
}

export function InstructorBio({ details }: { details: CourseDetails | null }) {
  const { t } = useI18n();
  if (!details?.instructorBio) return null;
  return (
    <Section id="instructor-bio" title={t('course.aboutInstructor')}>
      <p className="mt-4 leading-relaxed whitespace-pre-line text-slate-800">{details.instructorBio}</p>
    </Section>
  );
}
