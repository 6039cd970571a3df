/** An order action (payment link, gift card) before its form opens: the button, with the last outcome announced above it. */
export function ActionOpener({ notice, label, text, show = true, onOpen }: { notice: string | null; label: string; text: string; show?: boolean; onOpen: () => void }) {
  return (
    <>
      {notice && (
        <span role="status" className="notice">
          {notice}
        </span>
      )}
      {show && (
        <button type="button" className="secondary" aria-label={label} onClick={onOpen}>
          {text}
        </button>
      )}
    </>
  );
}
