import { useEffect } from 'react';
import { Link } from 'wouter';
import { Trans } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { useDocumentTitle } from '../../../lib/document-title.ts';

const PAGE_TITLE = msg`Page not found`;

/** Any unknown route: '404', 'Oops! Page not found', 'Return to Home'; logs the missing path (spec section 2). */
export function NotFoundPage() {
  useDocumentTitle(PAGE_TITLE);
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, []);
  return (
    <div className="center-screen">
      <div className="not-found">
        <p className="not-found-code">404</p>
        <h1>
          <Trans>Oops! Page not found</Trans>
        </h1>
        <p className="muted">
          <Trans>The page you are looking for does not exist or was moved.</Trans>
        </p>
        <Link href="/" className="btn btn-primary">
          <Trans>Return to Home</Trans>
        </Link>
      </div>
    </div>
  );
}
