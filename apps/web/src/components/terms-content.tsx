/**
 * The terms of use (content 'terms'), as /disclaimer shows them and as the registration page's
 * overlay shows them in app mode (spec 001 §2: "Inside the registration page in the native app it
 * appears as an overlay"). Both render the same server document, so they never disagree.
 */
import { ContentDocument } from './content-document.tsx';

export function TermsContent() {
  return <ContentDocument name="terms" data-testid="terms-content" />;
}
