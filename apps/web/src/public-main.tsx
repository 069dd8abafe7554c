import { hydrateIslands } from './app/islands/hydrate-islands'
import './index.css'

// The entry of the prerendered public pages (decision 0029): their interactive parts hydrate as
// islands with react-dom alone. The signed-in app (main.tsx) keeps React Router and the rest.
void hydrateIslands()
