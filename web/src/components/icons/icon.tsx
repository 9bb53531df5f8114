import { createElement, forwardRef, type SVGProps } from 'react';

/** One shape of an icon: an SVG element's name and its attributes. */
export type IconNode = readonly (readonly [string, Readonly<Record<string, string>>])[];

export interface IconProps extends SVGProps<SVGSVGElement> {
  size?: number | string;
}

export type Icon = ReturnType<typeof icon>;

const hasAccessibleName = (props: IconProps) =>
  Object.keys(props).some((key) => key.startsWith('aria-') || key === 'role' || key === 'title');

/**
 * An icon drawn as Lucide draws it (24×24, a 2-unit stroke of the current colour, round ends), with
 * the same props: `className`, `size`, `strokeWidth`, `aria-*`. Hidden from screen readers unless it
 * is given a label.
 */
export function icon(name: string, shapes: IconNode) {
  const Drawn = forwardRef<SVGSVGElement, IconProps>(({ size = 24, className, children, ...rest }, ref) =>
    createElement(
      'svg',
      {
        ref,
        xmlns: 'http://www.w3.org/2000/svg',
        width: size,
        height: size,
        viewBox: '0 0 24 24',
        fill: 'none',
        stroke: 'currentColor',
        strokeWidth: 2,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        className: ['lucide', `lucide-${name}`, className].filter(Boolean).join(' '),
        ...(hasAccessibleName(rest) || children ? {} : { 'aria-hidden': 'true' }),
        ...rest,
      },
      ...shapes.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes })),
      children,
    ),
  );
  Drawn.displayName = name;
  return Drawn;
}
