import { createContext, useContext } from 'react'

export type LandingState = {
  /** a link to a section was followed: every section loads now, so the page can settle there */
  isEveryPartWanted: boolean
  /** the visitor scrolled, pointed or typed: sections within a screen of the view load ahead */
  hasInteracted: boolean
}

export const LandingContext = createContext<LandingState>({
  isEveryPartWanted: false,
  hasInteracted: false,
})

export const useLandingState = () => useContext(LandingContext)
