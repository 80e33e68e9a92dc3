import { lazy, Suspense } from 'react';
import { PageFallback } from '../components/PageFallback';
import { Route, Routes } from 'react-router';
import { useI18n } from '../lib/i18n';
import { ContactGuardRoute } from './ContactGuardRoute';
import HomePage from '../features/home/routes/HomePage';

// Every route but the home page loads on demand, so the first page stays small.
const LoginPage = lazy(() => import('../features/auth/routes/LoginPage'));
const RegisterPage = lazy(() => import('../features/auth/routes/RegisterPage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/routes/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/routes/ResetPasswordPage'));
const SetPasswordPage = lazy(() => import('../features/auth/routes/SetPasswordPage'));
const LogoutPage = lazy(() => import('../features/auth/routes/LogoutPage'));
const AccountPage = lazy(() => import('../features/account/routes/AccountPage'));
const LibraryPage = lazy(() => import('../features/library/routes/LibraryPage'));
const CatalogPage = lazy(() => import('../features/courses/routes/CatalogPage'));
const CoursePage = lazy(() => import('../features/courses/routes/CoursePage'));
const CoursePlayerEntry = lazy(() => import('../features/player/routes/CoursePlayerEntry'));
const PlayerPage = lazy(() => import('../features/player/routes/PlayerPage'));
const PreviewDialog = lazy(() => import('../features/player/routes/PreviewDialog'));
const SummaryDocumentPage = lazy(() => import('../features/documents/routes/SummaryDocumentPage'));
const FreeTrialPage = lazy(() => import('../features/subscriptions/routes/FreeTrialPage'));
const RenewalPage = lazy(() => import('../features/subscriptions/routes/RenewalPage'));
const TestPage = lazy(() => import('../features/assessments/routes/TestPage'));
const CourseCompletedPage = lazy(() => import('../features/certificates/routes/CourseCompletedPage'));
const EvaluationPage = lazy(() => import('../features/certificates/routes/EvaluationPage'));
const CertificatePage = lazy(() => import('../features/certificates/routes/CertificatePage'));
const VerifyCertificatePage = lazy(() => import('../features/certificates/routes/VerifyCertificatePage'));
const ReceiptPage = lazy(() => import('../features/account/routes/ReceiptPage'));
const CardPage = lazy(() => import('../features/account/routes/CardPage'));
const PricingPage = lazy(() => import('../features/checkout/routes/PricingPage'));
const ProductPage = lazy(() => import('../features/checkout/routes/ProductPage'));
const CheckoutPage = lazy(() => import('../features/checkout/routes/CheckoutPage'));
const SandboxPayPage = lazy(() => import('../features/checkout/routes/SandboxPayPage'));
const CheckoutResultPage = lazy(() => import('../features/checkout/routes/CheckoutResultPage'));
const GuardContactPage = lazy(() => import('../features/contact/routes/GuardContactPage'));
const NextInstructorPage = lazy(() => import('../features/contact/routes/NextInstructorPage'));
const CommunicationPage = lazy(() => import('../features/communication/routes/CommunicationPage'));
const UnsubscribePage = lazy(() => import('../features/communication/routes/UnsubscribePage'));
const FacebookReturnPage = lazy(() => import('../features/auth/routes/FacebookReturnPage'));
const OidcReturnPage = lazy(() => import('../features/auth/routes/OidcReturnPage'));
const LegalPage = lazy(() => import('../features/legal/routes/LegalPage'));
const WelcomePage = lazy(() => import('../features/onboarding/routes/WelcomePage'));
const TrialStartPage = lazy(() => import('../features/onboarding/routes/TrialStartPage'));
// The admin console is its own chunk (and its areas their own): nothing of it loads for learners.
const AdminApp = lazy(() => import('../features/admin/AdminApp'));
const NotFoundPage = lazy(() => import('./NotFoundPage'));

export function AppRoutes() {
  const { t } = useI18n();
  return (
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
        <Route path="/welcome" element={<WelcomePage />} />
        <Route path="/admin/*" element={<AdminApp />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
