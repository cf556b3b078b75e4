/** A message's text with its web and e-mail addresses as links (lib/linkify.ts); line breaks kept. */
import { ExternalLink } from '../../../components/external-link.tsx';
import { linkify } from '../lib/linkify.ts';
import styles from './messaging.module.css';

export function LinkifiedText({ text, testId }: { text: string; testId?: string }) {
  return (
    <div className={styles.messageText} data-testid={testId}>
      {linkify(text).map((part, index) => {
        if (part.kind === 'url') {
          return (
            <ExternalLink key={index} href={part.href}>
              {part.text}
            </ExternalLink>
          );
        }
        if (part.kind === 'email') {
          return (
            <a key={index} href={part.href}>
              {part.text}
            </a>
          );
        }
        return <span key={index}>{part.text}</span>;
      })}
    </div>
  );
}
