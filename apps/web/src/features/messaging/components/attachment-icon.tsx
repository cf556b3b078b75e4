/** A paperclip: the message has attached files (the words are there for screen readers). */
export function AttachmentIcon({ count }: { count: number }) {
  return (
    <span data-testid="attachment-icon">
      <svg
        className="icon"
        viewBox="0 0 24 24"
        width="24"
        height="24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M20.5 11.5 12 20a5 5 0 0 1-7.1-7.1l8.5-8.5a3.4 3.4 0 0 1 4.8 4.8l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4l7.8-7.8" />
      </svg>
      <span className="visually-hidden">{count === 1 ? '1 attached file' : `${count} attached files`}</span>
    </span>
  );
}
