import { Icon } from '../../../components/icon.tsx';

/** A paperclip: the message has attached files (the words are there for screen readers). */
export function AttachmentIcon({ count }: { count: number }) {
  return (
    <span data-testid="attachment-icon">
      <Icon name="paperclip" />
      <span className="visually-hidden">{count === 1 ? '1 attached file' : `${count} attached files`}</span>
    </span>
  );
}
