/** The unread count beside Inbox, in the toolbar and in the side menu; nothing when there is none. */
export function UnreadBadge({
  count,
  className,
  testId,
}: {
  count: number | undefined;
  className: string | undefined;
  testId?: string;
}) {
  if (count === undefined || count <= 0) return null;
  return (
    <>
      {' '}
      <span className={className} data-testid={testId}>
        {count}
        <span className="visually-hidden"> unread</span>
      </span>
    </>
  );
}
