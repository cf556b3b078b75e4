/**
 * /helping — the invitation link (decision 041): `/helping#invitation=<token>`. The token is read
 * from the fragment (which a browser never sends to a server), kept for this tab
 * (lib/session/helping-invitation.ts) and taken out of the address bar at once, so it is not left in the
 * history or in a shared screen. The page says who asks for help with which claim, what the helper
 * may do and until when; signed in, Accept takes it and opens the claims list; signed out, "Sign in
 * to accept" keeps it across the sign-in, which comes back here, and someone with no account
 * creates one here, finished by a code to the contact invited (then back here). A taken, withdrawn, expired or
 * unknown invitation is explained in plain words.
 */
import { HELPER_LIMITS, formatDisplayDate } from '@portal/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { PhoneLink } from '../../../components/phone-link.tsx';
import { formatLongDate } from '../../../lib/content/dates.ts';
import { forgetInvitation, keepInvitation, keptInvitation } from '../../../lib/session/helping-invitation.ts';
import { saveRegistrationToken, useIsSignedIn } from '../../../lib/session/session.ts';
import { useAcceptInvitation } from '../api/accept-invitation.ts';
import { registerHelper, type RegisterHelperValues } from '../api/register-helper.ts';
import { RegisterHelperForm } from '../components/register-helper-form.tsx';
import { isSpentInvitation, useInvitation, type InvitationData } from '../api/get-invitation.ts';
import styles from './helping-page.module.css';

/** What each scope lets the helper do, in the words of the invitation. */
const SCOPE_DESCRIPTIONS: Readonly<Record<InvitationData['Scope'], string>> = {
  View: 'View only: read messages, sent items, payments, decisions and the documents sent.',
  Send: 'View and send: everything in View, and send documents, send a message and claim a reimbursement.',
  Act: 'View, send and act: everything in Send, and the authority form and requests to change personal or contact details.',
};

const INVITATION_DAYS = HELPER_LIMITS.invitationLifetimeMs / 86_400_000;

function tokenOfFragment(hash: string): string | undefined {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('invitation');
  return token && token.length <= 256 ? token : undefined;
}

/** The fragment's token, kept for this tab; the address bar is cleared of it as the page opens. */
function useInvitationToken(): string | undefined {
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => {
    const fromLink = tokenOfFragment(location.hash);
    if (fromLink) keepInvitation(fromLink);
    return fromLink ?? keptInvitation();
  });
  const hasFragment = location.hash !== '';
  useEffect(() => {
    if (hasFragment) void navigate({ pathname: '/helping', hash: '' }, { replace: true });
  }, [hasFragment, navigate]);
  return token;
}

export function HelpingPage() {
  const token = useInvitationToken();
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();

  if (!token || isSpentInvitation(invitation.error) || isSpentInvitation(accept.error))
    return <SpentInvitation afterAccept={isSpentInvitation(accept.error)} />;
  if (invitation.isError) {
    return (
      <LoadFailed
        what="the invitation"
        onRetry={() => void invitation.refetch()}
        retrying={invitation.isFetching}
        data-testid="invitation-load-failed"
      />
    );
  }
  if (!invitation.data) return null;
  return <InvitationOffer token={token} invitation={invitation.data} accept={accept} />;
}

type OfferProps = { token: string; invitation: InvitationData; accept: ReturnType<typeof useAcceptInvitation> };

function InvitationOffer({ token, invitation, accept }: OfferProps) {
  const signedIn = useIsSignedIn();
  const navigate = useNavigate();
  const { ClaimantName, ClaimNumber, Scope, EndsOn, ExpiresAt } = invitation;

  const onAccept = async () => {
    if (accept.isPending) return;
    try {
      await accept.mutateAsync(token);
      await navigate('/claims');
    } catch {
      // A spent invitation is explained by the page; anything else has been alerted.
    }
  };
  const signInToAccept = async () => {
    keepInvitation(token, true);
    await navigate('/login');
  };
  const notNow = async () => {
    forgetInvitation();
    await navigate(signedIn ? '/claims' : '/login');
  };

  return (
    <div className="page-narrow" data-testid="invitation">
      <p className={styles.lead} data-testid="invitation-ask">
        {ClaimantName} has asked you to help with claim {ClaimNumber}.
      </p>
      <dl className={styles.details}>
        <div>
          <dt>What you can do</dt>
          <dd data-testid="invitation-scope">{SCOPE_DESCRIPTIONS[Scope]}</dd>
        </div>
        <div>
          <dt>Last day</dt>
          <dd data-testid="invitation-last-day">
            {EndsOn
              ? `${formatLongDate(EndsOn)} (${formatDisplayDate(EndsOn)})`
              : `No last day: until ${ClaimantName} or you end it`}
          </dd>
        </div>
        <div>
          <dt>Accept by</dt>
          <dd>{ExpiresAt ? formatLongDate(ExpiresAt) : 'This invitation can be used once'}</dd>
        </div>
      </dl>
      <p>
        You will use your own account. {ClaimantName} will see everything you do for them, and either of you can end
        this at any time.
      </p>
      {signedIn ? (
        <div className={styles.actions}>
          <button type="button" className="button" onClick={() => void onAccept()} data-testid="invitation-accept">
            Accept
          </button>
          <button type="button" className="button button--secondary" onClick={() => void notNow()}>
            Not now
          </button>
        </div>
      ) : (
        <>
          <div className={styles.actions}>
            <button
              type="button"
              className="button"
              onClick={() => void signInToAccept()}
              data-testid="invitation-sign-in"
            >
              Sign in to accept
            </button>
          </div>
          <NoAccountYet token={token} contact={invitation.Contact} />
        </>
      )}
    </div>
  );
}

/**
 * "No account yet?": the helper makes their own account here, and the code that finishes it goes
 * to the contact the invitation was sent to; after it they come back here to accept.
 */
function NoAccountYet({ token, contact }: { token: string; contact: string }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (open) heading.current?.focus();
  }, [open]);

  const onSubmit = async (values: RegisterHelperValues) => {
    const { AccessToken } = await registerHelper(values);
    saveRegistrationToken(AccessToken);
    keepInvitation(token, true);
    await navigate('/activate');
  };

  if (!open) {
    return (
      <>
        <h2 className={styles.heading}>No account yet?</h2>
        <p data-testid="invitation-no-account">
          Create your own account to help. We will send a code to {contact} to finish it.
        </p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setOpen(true)}
          data-testid="invitation-create-account"
        >
          Create an account
        </button>
      </>
    );
  }
  return (
    <section aria-labelledby="helper-register-heading">
      <h2 id="helper-register-heading" className={styles.heading} ref={heading} tabIndex={-1}>
        Create your account
      </h2>
      <p>
        Your own account, with your own password: never use the password of the person you help. We will send a code to{' '}
        {contact} to finish it, then you can accept the invitation.
      </p>
      <RegisterHelperForm token={token} onSubmit={onSubmit} />
    </section>
  );
}

/** `afterAccept`: it replaces the Accept just pressed, so the keyboard moves to what it says. */
function SpentInvitation({ afterAccept = false }: { afterAccept?: boolean }) {
  const signedIn = useIsSignedIn();
  const lead = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    forgetInvitation();
    if (afterAccept) lead.current?.focus();
  }, [afterAccept]);
  return (
    <div className="page-narrow" data-testid="invitation-spent">
      <p className={styles.lead} ref={lead} tabIndex={-1}>
        This invitation cannot be used.
      </p>
      <p>
        It may have been accepted already or withdrawn, or it is more than {INVITATION_DAYS} days old. Ask the person
        who invited you to send a new invitation, or call us on <PhoneLink />.
      </p>
      <p>{signedIn ? <Link to="/claims">My claims</Link> : <Link to="/login">Sign in</Link>}</p>
    </div>
  );
}
