import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { Spinner } from '../components/spinner.tsx';
import { LandingPage } from '../features/landing/components/landing-page.tsx';
import { StudioRoute } from './screens/studio-route.tsx';

// Every route but the landing page is its own chunk (bundle budget: landing JS <= 170 KB gzipped).
const page = <T extends Record<string, ComponentType>>(load: () => Promise<T>, name: keyof T) =>
  lazy(async () => ({ default: (await load())[name] }));

// The chunk of the page being opened starts downloading with the shell instead of after the first render.
const EARLY: Array<[RegExp, () => Promise<unknown>]> = [
  [/^\/studio/, () => import('./screens/studio-screen.tsx')],
  [/^\/(pricing|subscription|settings|billing)/, () => import('./screens/account-screens.tsx')],
  [/^\/auth\/?$/, () => import('../features/auth/components/auth-page.tsx')],
];
if (typeof location !== 'undefined') void EARLY.find(([re]) => re.test(location.pathname))?.[1]();

const PricingPage = page(() => import('./screens/account-screens.tsx'), 'PricingScreen');
const AuthPage = page(() => import('../features/auth/components/auth-page.tsx'), 'AuthPage');
const VerifyPage = page(() => import('../features/auth/components/verify-page.tsx'), 'VerifyPage');
const ForgotPasswordPage = page(
  () => import('../features/auth/components/forgot-password-page.tsx'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = page(
  () => import('../features/auth/components/reset-password-page.tsx'),
  'ResetPasswordPage',
);
const AuthCallbackPage = page(() => import('../features/auth/components/auth-callback-page.tsx'), 'AuthCallbackPage');
const SubscriptionPage = page(() => import('./screens/account-screens.tsx'), 'SubscriptionScreen');
const TestCheckoutPage = page(() => import('./screens/account-screens.tsx'), 'TestCheckoutScreen');
const TestPortalPage = page(() => import('./screens/account-screens.tsx'), 'TestPortalScreen');
const SettingsPage = page(() => import('./screens/account-screens.tsx'), 'SettingsScreen');
const EditorRoute = page(() => import('./screens/editor-route.tsx'), 'EditorRoute');
const NotFoundPage = page(() => import('../features/not-found/components/not-found-page.tsx'), 'NotFoundPage');

export function AppRoutes() {
  return (
    <Suspense
      fallback={
        // A screen tall: the footer stays under the fold until the page arrives, so it is never pushed (CLS).
        <div className="center-screen route-fallback">
          <Spinner size="lg" />
        </div>
      }
    >
      <Switch>
        <Route path="/" component={LandingPage} />
        <Route path="/pricing" component={PricingPage} />
        <Route path="/auth" component={AuthPage} />
        <Route path="/auth/verify" component={VerifyPage} />
        <Route path="/auth/forgot-password" component={ForgotPasswordPage} />
        <Route path="/auth/reset-password" component={ResetPasswordPage} />
        <Route path="/auth/callback" component={AuthCallbackPage} />
        <Route path="/studio" component={StudioRoute} />
        <Route path="/subscription" component={SubscriptionPage} />
        <Route path="/settings" component={SettingsPage} />
        <Route path="/jobs/:id/edit" component={EditorRoute} />
        <Route path="/billing/test-checkout" component={TestCheckoutPage} />
        <Route path="/billing/test-portal" component={TestPortalPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
