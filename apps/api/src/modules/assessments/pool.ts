import { createHash, randomInt } from 'node:crypto';

/**
 * Question pools (issue 30, pure): what an attempt asks and in which order. A test may hold more questions than
 * it asks; each attempt draws its own sheet, so a retake is not the same sheet.
 */

/** The same wording, whatever the spacing or case: how a post-test recognises a question met in the pre-test. */
export const promptKey = (prompt: string) =>
  prompt.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

/** A uniform shuffle (Fisher-Yates) with the given source of whole numbers below n. */
export function shuffled<T>(items: readonly T[], below: (n: number) => number = randomInt): T[] {
  const a = [...items];
  for (let i = a.length - 1; i >= 1; i--) {
    const j = below(i + 1);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/** Round robin over the topics, in a random order of topics and of questions within each: a draw covers them evenly. */
function spread<Q extends { topic: string }>(questions: Q[], below: (n: number) => number): Q[] {
  const groups = new Map<string, Q[]>();
  for (const q of questions) {
    const key = q.topic.trim();
    groups.set(key, [...(groups.get(key) ?? []), q]);
  }
  const lanes = shuffled([...groups.values()], below).map((g) => shuffled(g, below));
  const out: Q[] = [];
  for (let round = 0; out.length < questions.length; round++) {
    for (const lane of lanes) if (round < lane.length) out.push(lane[round]!);
  }
  return out;
}

export interface DrawRule {
  /** Questions an attempt asks; null (or more than there are): all of them. */
  count: number | null;
  /** Show them in an order of the attempt's own, else the author's. */
  shuffle: boolean;
  /**
   * Prompts (`promptKey`) the learner has met, in sets from the least to the most avoided (say, the pre-test's,
   * then the last attempt's): a question is drawn only once the pool has too few questions in no set, or only
   * in earlier sets than its own.
   */
  avoid?: readonly ReadonlySet<string>[];
}

/**
 * The question ids of a new attempt, from the questions a new attempt may ask (not retired, in the author's
 * order). Drawn spread over the topics, the questions the learner has met last (`avoid`); shown in the author's
 * order unless the test shuffles.
 */
export function drawSheet<Q extends { id: string; topic: string; prompt: string }>(
  questions: readonly Q[],
  rule: DrawRule,
  below: (n: number) => number = randomInt,
): string[] {
  let asked: Q[] = [...questions];
  // A count of all of them or more draws them all (every tier taken whole).
  if (rule.count !== null) {
    const sets = rule.avoid ?? [];
    // 0: met in none of the sets; else 1 + the last set that holds it.
    const tier = (q: Q) => {
      const key = promptKey(q.prompt);
      for (let i = sets.length - 1; i >= 0; i--) if (sets[i]!.has(key)) return i + 1;
      return 0;
    };
    const tiers = Array.from({ length: sets.length + 1 }, (_, i) =>
      spread(
        questions.filter((q) => tier(q) === i),
        below,
      ),
    );
    const picked = new Set(tiers.flat().slice(0, rule.count));
    asked = questions.filter((q) => picked.has(q));
  }
  return (rule.shuffle ? shuffled(asked, below) : asked).map((q) => q.id);
}

/** A number from the attempt and the choice: the same every time the attempt is shown, another for another attempt. */
const rank = (attemptId: string, choiceId: string) =>
  createHash('sha256').update(`${attemptId}:${choiceId}`).digest().readUInt32BE(0);

/**
 * The choices of a question as an attempt shows them: in an order of the attempt's own when the test shuffles
 * (true or false keeps its two in place, as everywhere), else the author's. The same for the attempt and its result.
 */
export function choicesIn<C extends { id: string }>(
  attemptId: string | undefined,
  question: { kind: string; choices: C[] },
  shuffle: boolean,
): C[] {
  if (!shuffle || !attemptId || question.kind === 'true_false') return question.choices;
  return [...question.choices].sort((x, y) => rank(attemptId, x.id) - rank(attemptId, y.id));
}
