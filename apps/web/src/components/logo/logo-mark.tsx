import type { SVGProps } from 'react';

const PETAL = 'M12 12C9.1 9.5 9 5.1 12 2c3 3.1 2.9 7.5 0 10z';
const ANGLES = [0, 72, 144, 216, 288];

/**
 * The Greenhouse mark: a five-petal bloom. Colours come from CSS (--logo-petal, --logo-petal-alt,
 * --logo-core) so the mark fits dark and light surfaces. Decorative: give the surrounding element the name.
 */
export function LogoMark(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="logo-mark" {...props}>
      {ANGLES.map((angle, i) => (
        <path
          key={angle}
          d={PETAL}
          transform={`rotate(${angle} 12 12)`}
          className={i % 2 === 0 ? 'logo-mark__petal' : 'logo-mark__petal logo-mark__petal--alt'}
        />
      ))}
      <circle cx="12" cy="12" r="2.1" className="logo-mark__core" />
    </svg>
  );
}
