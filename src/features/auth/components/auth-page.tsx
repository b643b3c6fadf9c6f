import { useState } from 'react';
import { Link, Redirect } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSessionStore } from '../store.ts';
import { SignInForm } from './sign-in-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';
import './auth.css';

/** /auth: Sign In and Sign Up tabs; a signed-in user goes to /studio (spec section 2). */
export function AuthPage() {
  const { t } = useLingui();
  const status = useSessionStore((s) => s.status);
  const [tab, setTab] = useState<'signin' | 'signup'>('signin');
  if (status === 'signed-in') return <Redirect to="/studio" replace />;
  return (
    <div className="auth-layout">
      <div className="card auth-card">
        <h1><Trans>Welcome to Tarjama</Trans></h1>
        <p className="subtitle"><Trans>Translate and dub your content in minutes.</Trans></p>
        <div className="tabs auth-tabs" role="tablist" aria-label={t`Account`}>
          <button type="button" role="tab" className="tab" aria-selected={tab === 'signin'} onClick={() => setTab('signin')}>
            <Trans>Sign In</Trans>
          </button>
          <button type="button" role="tab" className="tab" aria-selected={tab === 'signup'} onClick={() => setTab('signup')}>
            <Trans>Sign Up</Trans>
          </button>
        </div>
        <div role="tabpanel">{tab === 'signin' ? <SignInForm /> : <SignUpForm />}</div>
        <p className="auth-footer">
          <Link href="/"><Trans>Learn more about our features</Trans></Link>
        </p>
      </div>
    </div>
  );
}
