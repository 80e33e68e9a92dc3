import { Suspense } from 'react';
import { PageFallback } from '../components/PageFallback';
import { Route, Routes } from 'react-router';
import { useI18n } from '../lib/i18n';
import { ContactGuardRoute } from './ContactGuardRoute';
import { lazyPage } from '../lib/lazy-page';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import HomePage from '../features/home/routes/HomePage';

// Every route but the home page loads on demand, so the first page stays small; a page whose code cannot be
// fetched (a deploy since the tab opened, or offline) reloads once or says so (lazy-page.ts), never a blank page.
const LoginPage = lazyPage(() => import('../features/auth/routes/LoginPage'));
const RegisterPage = lazyPage(() => import('../features/auth/routes/RegisterPage'));
const ForgotPasswordPage = lazyPage(() => import('../features/auth/routes/ForgotPasswordPage'));
const ResetPasswordPage = lazyPage(() => import('../features/auth/routes/ResetPasswordPage'));
const SetPasswordPage = lazyPage(() => import('../features/auth/routes/SetPasswordPage'));
const LogoutPage = lazyPage(() => import('../features/auth/routes/LogoutPage'));
const AccountPage = lazyPage(() => import('../features/account/routes/AccountPage'));
const LibraryPage = lazyPage(() => import('../features/library/routes/LibraryPage'));
const CatalogPage = lazyPage(() => import('../features/courses/routes/CatalogPage'));
const CoursePage = lazyPage(() => import('../features/courses/routes/CoursePage'));
const CoursePlayerEntry = lazyPage(() => import('../features/player/routes/CoursePlayerEntry'));
const PlayerPage = lazyPage(() => import('../features/player/routes/PlayerPage'));
const PreviewDialog = lazyPage(() => import('../features/player/routes/PreviewDialog'));
const SummaryDocumentPage = lazyPage(() => import('../features/documents/routes/SummaryDocumentPage'));
const FreeTrialPage = lazyPage(() => import('../features/subscriptions/routes/FreeTrialPage'));
const RenewalPage = lazyPage(() => import('../features/subscriptions/routes/RenewalPage'));
const TestPage = lazyPage(() => import('../features/assessments/routes/TestPage'));
const CourseCompletedPage = lazyPage(() => import('../features/certificates/routes/CourseCompletedPage'));
const EvaluationPage = lazyPage(() => import('../features/certificates/routes/EvaluationPage'));
const CertificatePage = lazyPage(() => import('../features/certificates/routes/CertificatePage'));
const VerifyCertificatePage = lazyPage(() => import('../features/certificates/routes/VerifyCertificatePage'));
const ReceiptPage = lazyPage(() => import('../features/account/routes/ReceiptPage'));
const CardPage = lazyPage(() => import('../features/account/routes/CardPage'));
const ClosureRequestedPage = lazyPage(() => import('../features/account/routes/ClosureRequestedPage'));
const PricingPage = lazyPage(() => import('../features/checkout/routes/PricingPage'));
const ProductPage = lazyPage(() => import('../features/checkout/routes/ProductPage'));
const CheckoutPage = lazyPage(() => import('../features/checkout/routes/CheckoutPage'));
const SandboxPayPage = lazyPage(() => import('../features/checkout/routes/SandboxPayPage'));
const CheckoutResultPage = lazyPage(() => import('../features/checkout/routes/CheckoutResultPage'));
const GuardContactPage = lazyPage(() => import('../features/contact/routes/GuardContactPage'));
const NextInstructorPage = lazyPage(() => import('../features/contact/routes/NextInstructorPage'));
const CommunicationPage = lazyPage(() => import('../features/communication/routes/CommunicationPage'));
const UnsubscribePage = lazyPage(() => import('../features/communication/routes/UnsubscribePage'));
const FacebookReturnPage = lazyPage(() => import('../features/auth/routes/FacebookReturnPage'));
const OidcReturnPage = lazyPage(() => import('../features/auth/routes/OidcReturnPage'));
const LegalPage = lazyPage(() => import('../features/legal/routes/LegalPage'));
const AcceptTermsPage = lazyPage(() => import('../features/legal/routes/AcceptTermsPage'));
const WelcomePage = lazyPage(() => import('../features/onboarding/routes/WelcomePage'));
const TrialStartPage = lazyPage(() => import('../features/onboarding/routes/TrialStartPage'));
// The admin console is its own chunk (and its areas their own): nothing of it loads for learners.
const AdminApp = lazyPage(() => import('../features/admin/AdminApp'));
// So is the organisation manager's console; the invitation's page is a chunk of its own.
const OrgApp = lazyPage(() => import('../features/org/OrgApp'));
const AcceptInvitePage = lazyPage(() => import('../features/org/routes/AcceptInvitePage'));
const NotFoundPage = lazyPage(() => import('./NotFoundPage'));

export function AppRoutes() {
  const { t } = useI18n();
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageFallback label={t('common.loading')} />}>
        <Routes>
          <Route path="/" element={<HomePage />} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="/login/facebook" element={<FacebookReturnPage />} />
          <Route path="/login/siriraj" element={<OidcReturnPage provider="siriraj" />} />
          <Route path="/login/line" element={<OidcReturnPage provider="line" />} />
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route path="/set-password" element={<SetPasswordPage />} />
          <Route path="/logout" element={<LogoutPage />} />
          <Route path="/account" element={<AccountPage />} />
          <Route path="/account/receipts/:number" element={<ReceiptPage />} />
          <Route path="/account/card" element={<CardPage />} />
          <Route path="/goodbye" element={<ClosureRequestedPage />} />
          {/* The learning pages: a learner asked for contact details gives them first. */}
          <Route element={<ContactGuardRoute />}>
            <Route path="/library" element={<LibraryPage />} />
            <Route path="/library/course/:slug" element={<CoursePlayerEntry />} />
            <Route path="/library/course/:slug/episode/:episodeId" element={<PlayerPage />} />
            <Route path="/library/course/:slug/test/:assessmentId" element={<TestPage />} />
            <Route path="/library/course/:slug/completed" element={<CourseCompletedPage />} />
            <Route path="/library/course/:slug/evaluation" element={<EvaluationPage />} />
            <Route path="/library/course/:slug/certificate" element={<CertificatePage />} />
            <Route path="/summary-document/:slug" element={<SummaryDocumentPage />} />
          </Route>
          <Route path="/certificates/:code" element={<VerifyCertificatePage />} />
          <Route path="/courses" element={<CatalogPage />} />
          <Route path="/courses/:slug" element={<CoursePage />}>
            <Route path="preview/:episodeId" element={<PreviewDialog />} />
          </Route>
          <Route path="/free-trial/start" element={<TrialStartPage />} />
          <Route path="/free-trial/*" element={<FreeTrialPage />} />
          <Route path="/renewal" element={<RenewalPage />} />
          <Route path="/pricing" element={<PricingPage />} />
          <Route path="/product" element={<ProductPage />} />
          <Route path="/product/:plan" element={<ProductPage />} />
          <Route path="/checkout/pay/:orderId" element={<SandboxPayPage />} />
          <Route path="/checkout/complete/:orderId" element={<CheckoutResultPage />} />
          <Route path="/checkout/failed/:orderId" element={<CheckoutResultPage left />} />
          <Route path="/checkout/:plan" element={<CheckoutPage />} />
          <Route path="/guard-contact" element={<GuardContactPage />} />
          <Route path="/communication-page" element={<CommunicationPage />} />
          <Route path="/next-instructor" element={<NextInstructorPage />} />
          <Route path="/unsubscribe" element={<UnsubscribePage />} />
          <Route path="/terms" element={<LegalPage which="terms" />} />
          <Route path="/privacy" element={<LegalPage which="privacy" />} />
          <Route path="/accept-terms" element={<AcceptTermsPage />} />
          <Route path="/welcome" element={<WelcomePage />} />
          <Route path="/admin/*" element={<AdminApp />} />
          <Route path="/org/*" element={<OrgApp />} />
          <Route path="/org-invite/:token" element={<AcceptInvitePage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
