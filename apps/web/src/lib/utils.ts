import { clsx, type ClassValue } from 'clsx'

// cn's Tailwind merge: a later utility replaces an earlier one that sets the same thing under
// the same variants (`cn('px-4 h-9', 'px-2')` is `h-9 px-2`), and a shorthand replaces the longhands
// before it (`p-2` drops an earlier `px-4`, not a later one). tailwind-merge did this with the
// whole of Tailwind's class list (~8.6 KB gzip on every page, decision 0051); this covers the
// utilities the app writes, and a class it does not know is always kept.

const SIZES = /^(?:\d?xs|sm|base|md|lg|\d?xl)$/
const ALIGN = /^(?:left|center|right|justify|start|end)$/
const LINE_STYLES = /^(?:solid|dashed|dotted|double|hidden|none)$/
const WEIGHTS = /^(?:thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/
/** a position's or an order's value: a number, a fraction, an arbitrary value or a keyword */
/** a width: a number of pixels, or an arbitrary length */
const WIDTH = /^(?:\d+|\[(?:length:)?[\d.]+(?:px|rem|em)?\])$/
const PLACE = /^(?:\d|\[|\(|auto$|full$|px$|first$|last$|none$)/
const DISPLAY =
  'block inline-block inline flex inline-flex table inline-table table-caption table-cell table-column table-column-group table-footer-group table-header-group table-row-group table-row flow-root grid inline-grid contents list-item hidden'

/** single-word utilities and their group */
const WORDS: Record<string, string> = {}
const words = (list: string, group: string) => {
  for (const word of list.split(' ')) WORDS[word] = group
}
words(DISPLAY, 'display')
words('static fixed absolute relative sticky', 'position')
words('visible invisible collapse', 'visibility')
words('sr-only not-sr-only', 'sr')
words('italic not-italic', 'font-style')
words('underline overline line-through no-underline', 'text-decoration')
words('uppercase lowercase capitalize normal-case', 'text-transform')
words('antialiased subpixel-antialiased', 'font-smoothing')
words('truncate', 'text-overflow')
words('grow', 'grow')
words('shrink', 'shrink')
words('border', 'border-w')
words('rounded', 'rounded')
words('shadow', 'shadow')
words('ring', 'ring-w')
words('outline', 'outline-w')
words('transition', 'transition')
words('isolate', 'isolation')
words('blur', 'blur')
words('resize', 'resize')
words('tabular-nums proportional-nums', 'numeric-spacing')
words('lining-nums oldstyle-nums', 'numeric-figure')
words('caption-top caption-bottom', 'caption')
words('divide-x', 'divide-x')
words('divide-y', 'divide-y')
words('backdrop-blur', 'backdrop-blur')

/** the group of `name-value` when name is one of these: a function of the value, or one group */
const PREFIXES: Record<string, string | ((value: string) => string)> = {
  text: (v) =>
    SIZES.test(v) || /^\[(?:length:|\d|calc|clamp|var\(--text)/.test(v)
      ? 'font-size'
      : ALIGN.test(v)
        ? 'text-align'
        : v === 'ellipsis' || v === 'clip'
          ? 'text-overflow'
          : /^(?:wrap|nowrap|balance|pretty)$/.test(v)
            ? 'text-wrap'
            : 'text-color',
  font: (v) => (WEIGHTS.test(v) ? 'font-weight' : 'font-family'),
  bg: (v) =>
    /^(?:fixed|local|scroll)$/.test(v)
      ? 'bg-attachment'
      : /^(?:cover|contain|auto)$/.test(v)
        ? 'bg-size'
        : /^(?:no-repeat|repeat(?:-.*)?)$/.test(v)
          ? 'bg-repeat'
          : /^(?:none|linear-|gradient-|radial|conic|\[(?:url|\w+-gradient)\()/.test(v)
            ? 'bg-image'
            : /^(?:center|top|bottom|left|right|(?:left|right)-(?:top|bottom))$/.test(v)
              ? 'bg-position'
              : /^clip-/.test(v)
                ? 'bg-clip'
                : 'bg-color',
  border: (v) =>
    WIDTH.test(v)
      ? 'border-w'
      : LINE_STYLES.test(v)
        ? 'border-style'
        : /^(?:collapse|separate)$/.test(v)
          ? 'border-collapse'
          : /^(?:[xytrblse])(?:-\d+)?$/.test(v)
            ? `border-w-${v[0]}`
            : /^[xytrblse]-/.test(v)
              ? `border-color-${v[0]}`
              : 'border-color',
  rounded: (v) => {
    const side = /^(t|r|b|l|s|e|tl|tr|br|bl|ss|se|ee|es)(?:-|$)/.exec(v)
    return side ? `rounded-${side[1]}` : 'rounded'
  },
  shadow: (v) =>
    /^(?:\d?xs|sm|md|lg|\d?xl|none|inner|\[.*_.*\])$/.test(v) ? 'shadow' : 'shadow-color',
  ring: (v) =>
    WIDTH.test(v) || v === 'inset'
      ? 'ring-w'
      : /^offset-\d+$/.test(v)
        ? 'ring-offset-w'
        : v.startsWith('offset-')
          ? 'ring-offset-color'
          : 'ring-color',
  outline: (v) =>
    /^(?:none|hidden|dashed|dotted|double|solid)$/.test(v)
      ? 'outline-style'
      : WIDTH.test(v)
        ? 'outline-w'
        : v.startsWith('offset-')
          ? 'outline-offset'
          : 'outline-color',
  flex: (v) =>
    /^(?:row|col|row-reverse|col-reverse)$/.test(v)
      ? 'flex-direction'
      : /^(?:wrap|nowrap|wrap-reverse)$/.test(v)
        ? 'flex-wrap'
        : 'flex',
  stroke: (v) => (WIDTH.test(v) ? 'stroke-w' : 'stroke'),
  decoration: (v) =>
    LINE_STYLES.test(v) || v === 'wavy'
      ? 'decoration-style'
      : WIDTH.test(v)
        ? 'decoration-w'
        : 'decoration-color',
  object: (v) =>
    /^(?:contain|cover|fill|none|scale-down)$/.test(v) ? 'object-fit' : 'object-position',
  overflow: (v) => (/^[xy]-/.test(v) ? `overflow-${v[0]}` : 'overflow'),
  overscroll: (v) => (/^[xy]-/.test(v) ? `overscroll-${v[0]}` : 'overscroll'),
  break: (v) => (/^(?:normal|words|all|keep)$/.test(v) ? 'word-break' : `break-${v.split('-')[0]}`),
  snap: (v) => (/^(?:x|y|both|none|mandatory|proximity)$/.test(v) ? 'snap-type' : 'snap-align'),
  divide: (v) => (/^[xy](?:-\d+)?$/.test(v) ? `divide-${v[0]}` : 'divide-color'),
  list: (v) => (/^(?:inside|outside)$/.test(v) ? 'list-position' : 'list-type'),
}
// one group whatever the value
for (const name of [
  ...'p px py pt pr pb pl ps pe m mx my mt mr mb ml ms me'.split(' '),
  ...'w h size min-w max-w min-h max-h basis grow shrink gap gap-x gap-y space-x space-y'.split(
    ' ',
  ),
  ...'grid-cols grid-rows col-span col-start col-end row-span row-start row-end auto-cols auto-rows grid-flow items self content'.split(
    ' ',
  ),
  ...'justify-items justify-self justify place-content place-items place-self'.split(' '),
  ...'leading tracking whitespace line-clamp align opacity cursor pointer-events select'.split(' '),
  ...'resize aspect columns duration ease delay animate origin scale rotate translate-x'.split(' '),
  ...'translate-y skew-x skew-y fill underline-offset indent will-change touch appearance'.split(
    ' ',
  ),
  ...'backdrop-blur blur caret accent from via to transition mix-blend'.split(' '),
  ...'scroll-m scroll-mx scroll-my scroll-mt scroll-mr scroll-mb scroll-ml scroll-p scroll-pt'.split(
    ' ',
  ),
]) {
  PREFIXES[name] ??= name
}
// custom classes share these names (`top-nav`, `order-filled`): a value that is not Tailwind's is no group
for (const name of 'top right bottom left start end inset inset-x inset-y order z'.split(' ')) {
  PREFIXES[name] = (v) => (PLACE.test(v) ? name : '')
}

/** the groups a shorthand overrides */
const SHORTHANDS: Record<string, string[]> = {
  p: ['px', 'py', 'pt', 'pr', 'pb', 'pl', 'ps', 'pe'],
  px: ['pr', 'pl', 'ps', 'pe'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', 'mt', 'mr', 'mb', 'ml', 'ms', 'me'],
  mx: ['mr', 'ml', 'ms', 'me'],
  my: ['mt', 'mb'],
  size: ['w', 'h'],
  inset: ['inset-x', 'inset-y', 'top', 'right', 'bottom', 'left', 'start', 'end'],
  'inset-x': ['right', 'left'],
  'inset-y': ['top', 'bottom'],
  gap: ['gap-x', 'gap-y'],
  flex: ['basis', 'grow', 'shrink'],
  overflow: ['overflow-x', 'overflow-y'],
  overscroll: ['overscroll-x', 'overscroll-y'],
  rounded: 't r b l s e tl tr br bl ss se ee es'.split(' ').map((side) => `rounded-${side}`),
  'rounded-t': ['rounded-tl', 'rounded-tr'],
  'rounded-r': ['rounded-tr', 'rounded-br'],
  'rounded-b': ['rounded-br', 'rounded-bl'],
  'rounded-l': ['rounded-tl', 'rounded-bl'],
  'rounded-s': ['rounded-ss', 'rounded-es'],
  'rounded-e': ['rounded-se', 'rounded-ee'],
  'border-w': 'x y t r b l s e'.split(' ').map((side) => `border-w-${side}`),
  'border-w-x': ['border-w-r', 'border-w-l'],
  'border-w-y': ['border-w-t', 'border-w-b'],
  'border-color': 'x y t r b l s e'.split(' ').map((side) => `border-color-${side}`),
  'border-color-x': ['border-color-r', 'border-color-l'],
  'border-color-y': ['border-color-t', 'border-color-b'],
  'font-size': ['leading'],
  'line-clamp': ['display', 'overflow'],
}

/** `[variants:]utility`'s group, keyed by its variants and `!`; null when the class is not known */
function groupKey(className: string): string | null {
  // split the variants off at colons outside brackets
  const parts: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < className.length; i++) {
    const char = className[i]
    if (char === '[' || char === '(') depth++
    else if (char === ']' || char === ')') depth--
    else if (char === ':' && depth === 0) {
      parts.push(className.slice(start, i))
      start = i + 1
    }
  }
  let utility = className.slice(start)
  let important = ''
  if (utility.startsWith('!') || utility.endsWith('!')) {
    important = '!'
    utility = utility.startsWith('!') ? utility.slice(1) : utility.slice(0, -1)
  }
  if (utility.startsWith('-')) utility = utility.slice(1)
  // a postfix (an opacity `/50`, a line height `/6`) does not change the group
  const slash = /\/[\w.[\]%-]+$/.exec(utility)
  if (slash) utility = utility.slice(0, slash.index)
  // an arbitrary property, `[overflow-wrap:anywhere]`: grouped by the property
  let group: string | undefined = /^\[[\w-]+:/.test(utility)
    ? utility.slice(0, utility.indexOf(':'))
    : WORDS[utility]
  if (!group) {
    for (let dash = utility.lastIndexOf('-'); dash > 0; dash = utility.lastIndexOf('-', dash - 1)) {
      const rule = PREFIXES[utility.slice(0, dash)]
      if (rule) {
        group = typeof rule === 'string' ? rule : rule(utility.slice(dash + 1))
        break
      }
    }
  }
  if (!group) return null
  return `${parts.sort().join(':')}${important}:${group}`
}

/** Tailwind classes with each conflict resolved in favour of the later class. */
export function mergeClasses(classes: string): string {
  const kept: string[] = []
  const taken = new Set<string>()
  const list = classes.split(/\s+/)
  for (let i = list.length - 1; i >= 0; i--) {
    const className = list[i]!
    if (!className) continue
    const key = groupKey(className)
    if (key === null) {
      kept.push(className)
      continue
    }
    if (taken.has(key)) continue
    taken.add(key)
    const colon = key.lastIndexOf(':')
    for (const longhand of SHORTHANDS[key.slice(colon + 1)] ?? [])
      taken.add(key.slice(0, colon + 1) + longhand)
    kept.push(className)
  }
  return kept.reverse().join(' ')
}

/** Joins class names, letting a later Tailwind utility override an earlier one of the same kind. */
export function cn(...inputs: ClassValue[]) {
  return mergeClasses(clsx(inputs))
}
