import pg from 'pg';

/**
 * Benchmark data of the quizzes and certificates (issue 10): a 10-question quiz (unlimited attempts) after
 * each benchmark learner's episode, and a one-episode course that the first `certificateLearners` learners
 * have completed, without a certificate yet (earlier runs' certificates are removed, so the first issue is
 * measured again).
 */
export async function prepareAssessmentData(
  url: string,
  people: { user_id: string; episode_id: string }[],
  certificateLearners: number,
) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const episodes = [...new Set(people.map((p) => p.episode_id))];
    await c.query(
      `insert into assessments (id, course_id, episode_id, kind, title, passing_score)
       select gen_random_uuid(), e.course_id, e.id, 'episode_quiz', 'แบบทดสอบท้ายตอน ' || e.title, 60
       from episodes e where e.id = any($1::uuid[])
         and not exists (select 1 from assessments a where a.episode_id = e.id)`,
      [episodes],
    );
    await c.query(
      `insert into assessment_questions (id, assessment_id, sort, kind, prompt, explanation, points)
       select gen_random_uuid(), a.id, k, case when k % 3 = 0 then 'multiple' else 'single' end,
              'คำถามข้อ ' || k, 'คำอธิบายข้อ ' || k, 1
       from assessments a cross join generate_series(1, 10) k
       where a.title like 'แบบทดสอบท้ายตอน %' and not exists (select 1 from assessment_questions q where q.assessment_id = a.id)`,
    );
    await c.query(
      `insert into assessment_choices (id, question_id, sort, label, correct)
       select gen_random_uuid(), q.id, j, 'ตัวเลือก ' || j, j = 1 or (q.kind = 'multiple' and j = 2)
       from assessment_questions q cross join generate_series(1, 4) j
       where not exists (select 1 from assessment_choices c where c.question_id = q.id)`,
    );
    const quizzes = await c.query<{ episode_id: string; assessment_id: string; answers: unknown }>(
      `select a.episode_id, a.id as assessment_id,
              (select json_agg(json_build_object('questionId', q.id, 'choiceIds',
                 (select json_agg(ch.id order by ch.sort) from assessment_choices ch where ch.question_id = q.id and ch.correct))
                 order by q.sort)
               from assessment_questions q where q.assessment_id = a.id) as answers
       from assessments a where a.episode_id = any($1::uuid[])`,
      [episodes],
    );
    const quizOf = new Map(quizzes.rows.map((r) => [r.episode_id, r]));

    await c.query(`insert into courses (id, slug, title, status, published_at)
      select gen_random_uuid(), 'bench-certificate-course', 'คอร์สวัดความเร็วใบประกาศนียบัตร', 'published', now()
      where not exists (select 1 from courses where slug = 'bench-certificate-course')`);
    const course = (
      await c.query<{ id: string }>(`select id from courses where slug = 'bench-certificate-course'`)
    ).rows[0]!.id;
    await c.query(
      `insert into episodes (id, course_id, sort, title, duration_seconds)
       select gen_random_uuid(), $1, 1, 'ตอนเดียว', 60 where not exists (select 1 from episodes where course_id = $1)`,
      [course],
    );
    const graduates = people.slice(0, certificateLearners).map((p) => p.user_id);
    await c.query(
      `insert into episode_progress (user_id, episode_id, course_id, last_second, completion_percentage, watched_at)
       select u, e.id, $1, 60, 100, now() from unnest($2::uuid[]) u, episodes e where e.course_id = $1
       on conflict do nothing`,
      [course, graduates],
    );
    await c.query(`delete from certificates where course_id = $1`, [course]);
    return { quizOf, certificateCourse: course };
  } finally {
    await c.end();
  }
}

/** Latency percentiles of one GET per header set, `concurrency` at a time. */
export async function timedGets(
  url: string,
  headerSets: Record<string, string>[],
  concurrency: number,
  check: (res: Response) => Promise<void>,
) {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const worker = async () => {
    while (next < headerSets.length) {
      const headers = headerSets[next++]!;
      const t0 = performance.now();
      const res = await fetch(url, { headers });
      try {
        await check(res);
      } catch {
        failures++;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(10 * (latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0)) / 10;
  return { requests: latencies.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), failures };
}
