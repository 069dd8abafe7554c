import { clsx, type ClassValue } from 'clsx'
import { createTailwindMerge, validators, type Config } from 'tailwind-merge'

// tailwind-merge's parser and conflict rules (variants, `!`, arbitrary values and properties,
// postfix modifiers, order-sensitive variants) on a config of the utilities this app writes
// instead of its default config of every Tailwind utility (~5 KB gzip more on every page,
// decision 0051). Where a prefix sets different things (`text-sm` size, `text-left` alignment,
// `text-primary` colour) the values follow the default config, in its order; a prefix that sets
// one thing takes any value. A utility of a group not listed here is kept, never merged, so a
// `className` override of a new kind needs its group added. utils.test.ts compares with twMerge.

const {
  isAny,
  isArbitraryImage,
  isArbitraryLength,
  isArbitraryNumber,
  isArbitraryPosition,
  isArbitraryShadow,
  isArbitrarySize,
  isArbitraryValue,
  isArbitraryVariable,
  isArbitraryVariableImage,
  isArbitraryVariableLength,
  isArbitraryVariablePosition,
  isArbitraryVariableShadow,
  isArbitraryVariableSize,
  isArbitraryVariableWeight,
  isArbitraryWeight,
  isFraction,
  isInteger,
  isNumber,
  isPercent,
  isTshirtSize,
} = validators

type ClassGroup = Config<string, string>['classGroups'][string]

const words = (list: string) => list.split(' ')
const arbitrary = [isArbitraryVariable, isArbitraryValue]
/** a position's value: not `top-nav`, a custom class */
const inset = [isFraction, isNumber, 'px', 'full', 'auto', ...arbitrary]
const borderWidth = ['', isNumber, isArbitraryVariableLength, isArbitraryLength]
const lineStyle = words('solid dashed dotted double hidden none')
const stopPosition = [isPercent, isArbitraryVariableLength, isArbitraryLength]
const sides = 'x y s e t r b l'

const classGroups: Record<string, ClassGroup> = {
  display: words(
    'block inline-block inline flex inline-flex table inline-table table-caption table-cell table-column table-column-group table-footer-group table-header-group table-row-group table-row flow-root grid inline-grid contents list-item hidden',
  ),
  position: words('static fixed absolute relative sticky'),
  visibility: words('visible invisible collapse'),
  sr: words('sr-only not-sr-only'),
  isolation: words('isolate isolation-auto'),
  'font-smoothing': words('antialiased subpixel-antialiased'),
  'font-style': words('italic not-italic'),
  'fvn-figure': words('lining-nums oldstyle-nums'),
  'fvn-spacing': words('proportional-nums tabular-nums'),
  'text-decoration': words('underline overline line-through no-underline'),
  'text-transform': words('uppercase lowercase capitalize normal-case'),
  'text-overflow': words('truncate text-ellipsis text-clip'),
  'touch-pz': ['touch-pinch-zoom'],
  'ring-w-inset': ['ring-inset'],
  z: [{ z: [isInteger, 'auto', ...arbitrary] }],
  order: [{ order: [isInteger, 'first', 'last', 'none', ...arbitrary] }],
  start: [{ 'inset-s': inset, start: inset }],
  end: [{ 'inset-e': inset, end: inset }],
  'object-fit': [{ object: words('contain cover fill none scale-down') }],
  'flex-direction': [{ flex: words('row row-reverse col col-reverse') }],
  'flex-wrap': [{ flex: words('nowrap wrap wrap-reverse') }],
  'align-content': [{ content: words('normal start end center between around evenly stretch baseline center-safe end-safe') }], // prettier-ignore
  'font-size': [{ text: ['base', isTshirtSize, isArbitraryVariableLength, isArbitraryLength] }],
  'font-weight': [{ font: [...words('thin extralight light normal medium semibold bold extrabold black'), isArbitraryVariableWeight, isArbitraryWeight] }], // prettier-ignore
  'list-style-position': [{ list: words('inside outside') }],
  'text-alignment': [{ text: words('left center right justify start end') }],
  'text-wrap': [{ text: words('wrap nowrap balance pretty') }],
  'text-decoration-style': [{ decoration: words('solid dashed dotted double wavy') }],
  'text-decoration-thickness': [{ decoration: [isNumber, 'from-font', 'auto', isArbitraryVariable, isArbitraryLength] }], // prettier-ignore
  break: [{ break: words('normal words all keep') }],
  'bg-attachment': [{ bg: words('fixed local scroll') }],
  'bg-clip': [{ 'bg-clip': words('border padding content text') }],
  'bg-position': [{ bg: [...words('center top bottom left right top-left left-top top-right right-top bottom-right right-bottom bottom-left left-bottom'), isArbitraryVariablePosition, isArbitraryPosition, { position: arbitrary }] }], // prettier-ignore
  'bg-repeat': [{ bg: ['no-repeat', { repeat: words(' x y space round') }] }],
  'bg-size': [{ bg: [...words('auto cover contain'), isArbitraryVariableSize, isArbitrarySize, { size: arbitrary }] }], // prettier-ignore
  // and `bg-gradient-to-*`, which Tailwind 4 still draws (twMerge takes it for a colour)
  'bg-image': [{ bg: ['none', { linear: [{ to: words('t tr r br b bl l tl') }, isInteger, ...arbitrary], radial: ['', ...arbitrary], conic: ['', isInteger, ...arbitrary], gradient: [{ to: words('t tr r br b bl l tl') }] }, isArbitraryVariableImage, isArbitraryImage] }], // prettier-ignore
  'gradient-from-pos': [{ from: stopPosition }],
  'gradient-via-pos': [{ via: stopPosition }],
  'gradient-to-pos': [{ to: stopPosition }],
  'border-w': [{ border: borderWidth }],
  'border-collapse': [{ border: words('collapse separate') }],
  'border-style': [{ border: lineStyle }],
  'divide-x': [{ 'divide-x': borderWidth }],
  'divide-y': [{ 'divide-y': borderWidth }],
  'divide-style': [{ divide: lineStyle }],
  'outline-style': [{ outline: lineStyle }],
  'outline-w': [{ outline: borderWidth }],
  'shadow-size': [{ shadow: ['', 'inner', 'none', isTshirtSize, isArbitraryVariableShadow, isArbitraryShadow] }], // prettier-ignore
  'ring-w': [{ ring: borderWidth }],
  'ring-offset-w': [{ 'ring-offset': [isNumber, isArbitraryLength] }],
  'snap-align': [{ snap: words('start end center align-none') }],
  'snap-stop': [{ snap: words('normal always') }],
  'snap-type': [{ snap: words('none x y both') }],
  'snap-strictness': [{ snap: words('mandatory proximity') }],
  'touch-x': [{ 'touch-pan': words('x left right') }],
  'touch-y': [{ 'touch-pan': words('y up down') }],
  'stroke-w': [{ stroke: [isNumber, isArbitraryVariableLength, isArbitraryLength, isArbitraryNumber] }], // prettier-ignore
}
for (const side of words(sides)) {
  classGroups[`border-w-${side}`] = [{ [`border-${side}`]: borderWidth }]
  classGroups[`border-color-${side}`] = [{ [`border-${side}`]: [isAny] }]
}
for (const name of words('inset inset-x inset-y top right bottom left'))
  classGroups[name] = [{ [name]: inset }]
// what is left of a prefix is a value, after the groups above took theirs: `text-primary` is a
// colour once `text-sm` and `text-left` are not
for (const name of words(
  'text font bg from via to border divide outline shadow ring ring-offset decoration stroke fill list object flex caret accent aspect columns basis overflow overflow-x overflow-y overscroll overscroll-x overscroll-y col col-start col-end row row-start row-end grid-cols grid-rows grid-flow auto-cols auto-rows gap gap-x gap-y justify justify-items justify-self items self place-content place-items place-self p px py ps pe pt pr pb pl m mx my ms me mt mr mb ml space-x space-y size w min-w max-w h min-h max-h tracking leading line-clamp underline-offset indent align whitespace opacity mix-blend duration ease delay animate scale rotate skew-x skew-y origin translate-x translate-y cursor pointer-events select appearance touch will-change outline-offset caption scroll-m scroll-mx scroll-my scroll-mt scroll-mr scroll-mb scroll-ml scroll-p scroll-px scroll-py scroll-pt scroll-pr scroll-pb scroll-pl',
))
  classGroups[name] = [{ [name]: [isAny] }]
// these are classes bare too (`rounded`, `grow`)
for (const name of words(
  `grow shrink transition resize blur backdrop-blur rounded ${words(
    's e t r b l ss se ee es tl tr br bl',
  )
    .map((side) => `rounded-${side}`)
    .join(' ')}`,
))
  classGroups[name] = [{ [name]: ['', isAny] }]

/** a shorthand (the key) drops the longhands before it */
const conflictingClassGroups = {
  overflow: ['overflow-x', 'overflow-y'],
  overscroll: ['overscroll-x', 'overscroll-y'],
  inset: ['inset-x', 'inset-y', 'start', 'end', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['start', 'end', 'right', 'left'],
  'inset-y': ['top', 'bottom'],
  flex: ['basis', 'grow', 'shrink'],
  gap: ['gap-x', 'gap-y'],
  p: words('px py ps pe pt pr pb pl'),
  px: words('ps pe pr pl'),
  py: words('pt pb'),
  m: words('mx my ms me mt mr mb ml'),
  mx: words('ms me mr ml'),
  my: words('mt mb'),
  size: ['w', 'h'],
  'font-size': ['leading'],
  'line-clamp': ['display', 'overflow'],
  rounded: words('s e t r b l ss se ee es tl tr br bl').map((side) => `rounded-${side}`),
  'rounded-s': ['rounded-ss', 'rounded-es'],
  'rounded-e': ['rounded-se', 'rounded-ee'],
  'rounded-t': ['rounded-tl', 'rounded-tr'],
  'rounded-r': ['rounded-tr', 'rounded-br'],
  'rounded-b': ['rounded-br', 'rounded-bl'],
  'rounded-l': ['rounded-tl', 'rounded-bl'],
  'border-w': words(sides).map((side) => `border-w-${side}`),
  'border-w-x': words('s e r l').map((side) => `border-w-${side}`),
  'border-w-y': ['border-w-t', 'border-w-b'],
  border: words(sides).map((side) => `border-color-${side}`),
  'border-color-x': words('s e r l').map((side) => `border-color-${side}`),
  'border-color-y': ['border-color-t', 'border-color-b'],
  'scroll-m': words('scroll-mx scroll-my scroll-mt scroll-mr scroll-mb scroll-ml'),
  'scroll-mx': ['scroll-mr', 'scroll-ml'],
  'scroll-my': ['scroll-mt', 'scroll-mb'],
  'scroll-p': words('scroll-px scroll-py scroll-pt scroll-pr scroll-pb scroll-pl'),
  'scroll-px': ['scroll-pr', 'scroll-pl'],
  'scroll-py': ['scroll-pt', 'scroll-pb'],
  touch: ['touch-x', 'touch-y', 'touch-pz'],
  'touch-x': ['touch'],
  'touch-y': ['touch'],
  'touch-pz': ['touch'],
}

/** Tailwind classes with each conflict resolved in favour of the later class. */
export const mergeClasses = createTailwindMerge(() => ({
  cacheSize: 500,
  theme: {},
  classGroups,
  conflictingClassGroups,
  // `text-sm/6` sets the line height too
  conflictingClassGroupModifiers: { 'font-size': ['leading'] },
  orderSensitiveModifiers: words(
    '* ** after backdrop before details-content file first-letter first-line marker placeholder selection',
  ),
}))

/** Joins class names, letting a later Tailwind utility override an earlier one of the same kind. */
export function cn(...inputs: ClassValue[]) {
  return mergeClasses(clsx(inputs))
}
