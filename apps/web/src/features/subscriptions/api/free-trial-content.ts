import { useContent } from '../../../lib/content';
import { offerParser } from './offer-content';

/** `free-trial` of the content service: the free-trial page's content and checkout URL. */
export const parseFreeTrial = offerParser('free-trial');
export const useFreeTrialContent = () => useContent('free-trial', parseFreeTrial);
