// Billing: plans, prices and VAT, promo codes, checkout and payments, subscriptions and their renewal, receipts;
// the console's plans, coupons and orders.
export { billingAdminRoutes } from './billing-admin.routes.js';
export { BillingAdminService } from './billing-admin.service.js';
export * as billingRepo from './billing.repo.js';
export { billingRoutes } from './billing.routes.js';
export { BillingService } from './billing.service.js';
export { bangkokDay, periodEnd } from './periods.js';
export { paymentProvider } from './providers/index.js';
