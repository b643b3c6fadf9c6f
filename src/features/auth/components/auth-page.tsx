import { useState } from 'react';
import { Link, Redirect } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSessionStore } from '../../../lib/session-store.ts';
import { SignInForm } from './sign-in-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';
import { panelIdOf, tabIdOf, TabList } from '../../../lib/tabs.tsx';
import { msg } from '@lingui/core/macro';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import './auth.css';

const SIGN_IN_TITLE = msg`Sign In`;
const SIGN_UP_TITLE = msg`Sign Up`;

/** /auth: Sign In and Sign Up tabs; a signed-in user goes to /studio (spec section 2). */
export function AuthPage() {
  const { t } = useLingui();
  const status = useSessionStore((s) => s.status);
  // '/auth?tab=signup' (Start Free Trial) opens Sign Up.
  const [tab, setTab] = useState<'signin' | 'signup'>(() =>
    new URLSearchParams(location.search).get('tab') === 'signup' ? 'signup' : 'signin',
  );
  useDocumentTitle(tab === 'signin' ? SIGN_IN_TITLE : SIGN_UP_TITLE);
  if (status === 'signed-in') return <Redirect to="/studio" replace />;
  return (
    <div className="auth-layout">
      <div className="card auth-card">
        <h1>
          <Trans>Welcome to Tarjama</Trans>
        </h1>
        <p className="subtitle">
          <Trans>Translate and dub your content in minutes.</Trans>
        </p>
        <TabList
          base="auth"
          className="tabs auth-tabs"
          label={t`Account`}
          value={tab}
          onChange={setTab}
          items={[
            { value: 'signin', label: <Trans>Sign In</Trans> },
            { value: 'signup', label: <Trans>Sign Up</Trans> },
          ]}
        />
        <div role="tabpanel" id={panelIdOf('auth')} aria-labelledby={tabIdOf('auth', tab)}>
          {tab === 'signin' ? <SignInForm /> : <SignUpForm />}
        </div>
        <p className="auth-footer">
          <Link href="/">
            <Trans>Learn more about our features</Trans>
          </Link>
        </p>
      </div>
    </div>
  );
}
