import type { OrgPerson } from '@rianroo/contract';
import { useDeferredValue, useId, useState } from 'react';
import { RetryAlert } from '../../../../components/RetryAlert';
import { Button } from '../../../../components/ui/Button';
import { Form } from '../../../../components/ui/Form';
import { Card } from '../../../../components/ui/Card';
import { CheckboxField } from '../../../../components/ui/CheckboxField';
import { TextField } from '../../../../components/ui/TextField';
import { bangkokTomorrow } from '../../../../lib/bangkok-day';
import { useAssignI18n } from '../../i18n/use-assign-i18n';
import { useGroups } from '../../groups/api/groups';
import { PeoplePicker } from '../../groups/components/PeoplePicker';
import { useAssign, useCourseSearch } from '../api/assignments';

/**
 * Tomorrow in Bangkok as YYYY-MM-DD: the earliest due date offered (the picker's `min`) and accepted here, so
 * that the picker never offers a day the form then refuses.
 */

/**
 * Assigning a course: pick a published course by search, members and/or groups, and an optional due date
 * (the end of that day, Bangkok time).
 */
export function AssignForm({ orgId, run }: { orgId: string; run: (p: Promise<string>) => Promise<void> }) {
  const { t } = useAssignI18n();
  const [q, setQ] = useState('');
  const words = useDeferredValue(q.trim());
  const courses = useCourseSearch(words);
  const groups = useGroups(orgId);
  const assign = useAssign(orgId);
  const [course, setCourse] = useState<{ id: string; title: string } | null>(null);
  const [people, setPeople] = useState<OrgPerson[]>([]);
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const [due, setDue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const courseHeading = useId();
  const groupsHeading = useId();
  const tomorrow = bangkokTomorrow();
  return (
    <Card title={t('org.assign.new')}>
      <Form
        className="flex min-w-0 flex-col gap-5"
        onSubmit={(e) => {
          e.preventDefault();
          if (!course) return setProblem(t('org.assign.needCourse'));
          if (!people.length && !groupIds.length) return setProblem(t('org.assign.needTargets'));
          if (due && due < tomorrow) return setProblem(t('org.assign.pastDue'));
          setProblem(null);
          run(
            assign
              .mutateAsync({
                courseId: course.id,
                userIds: people.map((p) => p.id),
                groupIds,
                dueAt: due ? `${due}T23:59:00+07:00` : null,
              })
              .then((r) => t('org.assign.done', { n: r.assigned })),
          )
            .then(() => {
              setPeople([]);
              setGroupIds([]);
            })
            .catch(() => {});
        }}
      >
        <fieldset className="flex min-w-0 flex-col gap-2">
          <legend id={courseHeading} className="mb-1 text-sm font-semibold text-slate-900">
            {t('org.assign.course')}
          </legend>
          {course ? (
            <div className="flex flex-wrap items-center gap-2">
              <p className="min-w-0 flex-1 font-medium wrap-anywhere">{course.title}</p>
              <Button type="button" variant="secondary" onClick={() => setCourse(null)}>
                {t('org.assign.pickCourse')}
              </Button>
            </div>
          ) : (
            <>
              <TextField
                type="search"
                label={t('org.assign.courseSearch')}
                value={q}
                onChange={(e) => setQ(e.target.value)}
              />
              {courses.isError ? (
                <RetryAlert error={courses.error} onRetry={() => courses.refetch()} />
              ) : courses.data && courses.data.courses.length === 0 ? (
                <p className="text-sm text-slate-600">{t('org.assign.noCourses')}</p>
              ) : (
                <ul className="flex max-h-56 flex-col gap-1 overflow-y-auto rounded-lg border border-slate-200 p-1">
                  {(courses.data?.courses ?? []).map((c) => (
                    <li key={c.id}>
                      <button
                        type="button"
                        className="min-h-11 w-full rounded-md px-3 py-1 text-left text-sm wrap-anywhere hover:bg-teal-50 focus-visible:outline-3 focus-visible:outline-teal-600"
                        onClick={() => setCourse({ id: c.id, title: c.title })}
                      >
                        {c.title}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </fieldset>
        {(groups.data ?? []).length > 0 && (
          <fieldset aria-describedby={`${groupsHeading}-note`}>
            <legend id={groupsHeading} className="text-sm font-semibold text-slate-900">
              {t('org.assign.groups')}
            </legend>
            <p id={`${groupsHeading}-note`} className="text-xs text-slate-600">
              {t('org.assign.groupsNote')}
            </p>
            <div className="flex flex-wrap gap-x-4">
              {groups.data!.map((g) => (
                <CheckboxField
                  key={g.id}
                  label={`${g.name} (${t('org.groups.members', { n: g.memberCount })})`}
                  checked={groupIds.includes(g.id)}
                  onChange={(on) =>
                    setGroupIds(on ? [...groupIds, g.id] : groupIds.filter((id) => id !== g.id))
                  }
                />
              ))}
            </div>
          </fieldset>
        )}
        <fieldset className="min-w-0">
          <legend className="mb-1 text-sm font-semibold text-slate-900">{t('org.assign.people')}</legend>
          <PeoplePicker orgId={orgId} picked={people} onChange={setPeople} />
        </fieldset>
        <div className="max-w-xs">
          <TextField
            type="date"
            label={t('org.assign.due')}
            min={tomorrow}
            value={due}
            onChange={(e) => setDue(e.target.value)}
          />
        </div>
        {problem && (
          <p role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        )}
        <div>
          <Button type="submit" busy={assign.isPending}>
            {t('org.assign.submit')}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
