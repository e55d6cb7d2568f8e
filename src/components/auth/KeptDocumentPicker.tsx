import { type DragEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { hasKeptDocument } from '../../lib/kept-document-flag';
import type { KeptSummary } from '../../stores/kept-document';
import './kept-document.css';

/** The card's words, in the server's words: a namespace would ride with every /login for one variant. */
export interface KeptDocumentWords {
  title: string;
  /** The title once a document is kept. */
  keptTitle: string;
  text: string;
  choose: string;
  drop: string;
  kept: string;
  remove: string;
  /** With `{name}`: the file is not a PDF, PNG or JPEG. */
  unsupportedType: string;
  tooLarge: string;
  failed: string;
}

// The door to where the document waits (stores/kept-document.ts): loaded when a file is chosen,
// or at once when one was kept before, never with the page.
const keeper = () => import('../../stores/kept-document');

interface Props {
  words: KeptDocumentWords;
  /** The file picker's `accept`: what can be faxed (components/send/send-rules.ts). */
  accept: string;
  /** The icons, drawn by the page (slots of static HTML: no icon is JavaScript). */
  uploadIcon?: ReactNode;
  keptIcon?: ReactNode;
}

/**
 * On the way to /send (issue 29): choose the document before the account exists. It waits in this
 * browser and /send opens with it attached once signed in, whichever way the person signs in.
 */
export default function KeptDocumentPicker({ words, accept, uploadIcon, keptIcon }: Props) {
  const ids = { title: useId(), hint: useId(), problem: useId() };
  const [kept, setKept] = useState<KeptSummary | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    if (hasKeptDocument())
      void keeper().then(
        (door) => door.readKeptDocument().then(setKept),
        () => undefined,
      );
  }, []);

  async function keep(file: File | undefined): Promise<void> {
    if (!file) return;
    setProblem(null);
    try {
      const answer = await (await keeper()).keepDocument(file);
      if (answer === 'unsupportedType') setProblem(words.unsupportedType.replace('{name}', file.name));
      else if (answer === 'tooLarge') setProblem(words.tooLarge);
      else setKept(answer);
    } catch {
      setProblem(words.failed);
    }
  }

  function drop(event: DragEvent<HTMLElement>): void {
    event.preventDefault();
    setDragging(false);
    void keep(event.dataTransfer.files[0]);
  }

  async function remove(): Promise<void> {
    setKept(null);
    await (await keeper()).forgetKeptDocument().catch(() => undefined);
  }

  return (
    <section className="kept-document" aria-labelledby={ids.title}>
      <h2 id={ids.title}>{kept ? words.keptTitle : words.title}</h2>
      <p className="hint" id={ids.hint}>
        {words.text}
      </p>
      {kept ? (
        <div className="kept-file">
          <span className="kept-name">{kept.name}</span>
          <span className="kept-size">{kept.size}</span>
          <span className="pill ok">
            {keptIcon}
            {words.kept}
          </span>
          <button type="button" className="button small ghost" onClick={() => void remove()}>
            {words.remove}
          </button>
        </div>
      ) : (
        <label
          className={dragging ? 'drop-zone dragging' : 'drop-zone'}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
        >
          <input
            type="file"
            className="visually-hidden"
            accept={accept}
            aria-describedby={problem ? `${ids.hint} ${ids.problem}` : ids.hint}
            aria-invalid={problem ? true : undefined}
            onChange={(event) => void keep(event.currentTarget.files?.[0])}
          />
          {uploadIcon}
          <span className="drop-title">{words.choose}</span>
          <span className="hint">{words.drop}</span>
        </label>
      )}
      {problem && (
        <p className="field-error" role="alert" id={ids.problem}>
          {problem}
        </p>
      )}
    </section>
  );
}
