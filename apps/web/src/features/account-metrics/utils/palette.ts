/** The theme's chart colours (index.css tokens), read from the page so charts follow them. */
export function chartPalette() {
  const read = (name: string, fallback: string) => {
    if (typeof document === 'undefined') return fallback
    return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback
  }
  return {
    profit: read('--color-profit', '#2dd4bf'),
    loss: read('--color-loss', '#f87171'),
    warning: read('--color-warning', '#fbbf24'),
    primary: read('--color-primary', '#60a5fa'),
    grid: read('--color-border', '#26365a'),
    text: read('--color-muted-foreground', '#9fb0cc'),
    surface: read('--color-surface-2', '#17233d'),
  }
}
