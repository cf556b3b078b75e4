/** What a passkey is, in plain words (shown before the claimant adds one). */
export function PasskeyExplainer() {
  return (
    <div data-testid="passkey-explainer">
      <p>
        A passkey lets you sign in with your fingerprint, your face or your phone's screen lock, instead of typing a
        password and waiting for a code. It is kept on your phone or computer, never sent to us, and it only works on
        this portal, so nobody can trick you into giving it away.
      </p>
      <p>You can still use your password and a code at any time. Adding a passkey is optional.</p>
    </div>
  );
}
