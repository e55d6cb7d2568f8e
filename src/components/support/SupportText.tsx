/**
 * A message that names the support address (SUPPORT_EMAIL), with every mention of it made a
 * mailto link: "contact us" always points to a real way to do it.
 */
export default function SupportText({ text, email }: { text: string; email: string }) {
  const pieces = text.split(email);
  return (
    <>
      {pieces.map((piece, index) => (
        // The pieces never move: their place is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <span key={index}>
          {piece}
          {index < pieces.length - 1 && <a href={`mailto:${email}`}>{email}</a>}
        </span>
      ))}
    </>
  );
}
