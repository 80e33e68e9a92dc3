import { useMySubscription } from './billing';
import { useLoggedIn } from './use-session';

/**
 * Who an editor's offer is for (the content service's `audience`): everyone, visitors (not logged in), learners
 * without a plan, subscribers (a subscription giving access now), or everyone but subscribers.
 */
export const AUDIENCES = [
  'everyone',
  'visitors',
  'learners_without_plan',
  'subscribers',
  'non_subscribers',
] as const;
export type Audience = (typeof AUDIENCES)[number];

/** An unknown or missing audience is everyone's. */
export const toAudience = (value: string | null | undefined): Audience =>
  AUDIENCES.includes(value as Audience) ? (value as Audience) : 'everyone';

/**
 * Whether the one looking is in the audience; undefined while that is not known yet (a logged-in learner's
 * subscription still loading), so that nothing is flashed to a subscriber.
 */
export function useInAudience(audience: Audience): boolean | undefined {
  const loggedIn = useLoggedIn();
  const subscription = useMySubscription();
  if (audience === 'everyone') return true;
  if (!loggedIn) return audience === 'visitors' || audience === 'non_subscribers';
  if (audience === 'visitors') return false;
  if (subscription.isPending) return undefined;
  const subscribed = !!subscription.data?.givesAccess;
  return audience === 'subscribers' ? subscribed : !subscribed;
}
