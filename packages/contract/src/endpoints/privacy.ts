import { endpointTable } from '../endpoint.js';

// Privacy (PDPA), apps/api/src/modules/privacy. One section per part; the schemas are in ../privacy-*.ts.
export const privacyEndpoints = endpointTable({
  // -- terms, privacy notice and consents (privacy-terms.ts) --
  // -- data export (privacy-export.ts) --
  // -- closing an account (privacy-closure.ts) --
  // -- data requests and retention (privacy-requests.ts) --
});
