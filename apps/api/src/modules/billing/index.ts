// Billing: plans, prices and VAT, promo codes, checkout and payments, subscriptions and their renewal, receipts,
// full tax invoices and credit notes;
// the console's plans, coupons and orders.
export { billingAdminRoutes } from './billing-admin.routes.js';
export { BillingAdminService } from './billing-admin.service.js';
export * as billingRepo from './billing.repo.js';
export { billingRoutes } from './billing.routes.js';
export { BillingService } from './billing.service.js';
export { bangkokDay, periodEnd } from './periods.js';
export { paymentProvider } from './providers/index.js';
export { billingAdminOrdersRoutes } from './billing-admin-orders.routes.js';
export { RefundsService } from './refunds.service.js';
export { taxInvoicesRoutes } from './tax-invoices.routes.js';
export { TaxInvoicesService } from './tax-invoices.service.js';
