import { useMemo } from 'react';
import { encode } from 'uqr';

// The QR encoder (uqr) comes with this module: import it only from chunks that load on demand (the
// QR login panel, the authenticator set-up), never from a page's entry.

/** The code as one SVG path (crisp at any size, no canvas, no markup injection). */
export function QrCode({ text, label, dim = false }: { text: string; label: string; dim?: boolean }) {
  const { size, path } = useMemo(() => {
    const { data, size } = encode(text, { ecc: 'M', border: 2 });
    let d = '';
    data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      }),
    );
    return { size, path: d };
  }, [text]);
  return (
    <svg
      className="gh-qr-code"
      // Presentation attributes, not a style sheet: a chunk using it stays one file. `dim`: faded.
      opacity={dim ? 0.25 : 1}
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      width="200"
      height="200"
      shapeRendering="crispEdges"
      data-qr-text={text}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
