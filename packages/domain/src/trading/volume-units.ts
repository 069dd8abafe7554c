/** Volumes are whole hundredths of a lot: 0.01 lot is 1 volume unit, one lot 100. */
export const VOLUME_DECIMALS = 2
export const VOLUME_UNITS_PER_LOT = 10 ** VOLUME_DECIMALS
