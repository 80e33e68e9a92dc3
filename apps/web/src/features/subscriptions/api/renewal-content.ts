import { useContent } from '../../../lib/content';
import { offerParser } from './offer-content';

/** `renewal` of the content service: the renewal page's content and checkout URL. */
export const parseRenewal = offerParser('renewal');
export const useRenewalContent = () => useContent('renewal', parseRenewal);
