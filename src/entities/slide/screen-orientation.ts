import { createContext } from 'react';
import type { Orientation } from '@/entities/device/device-rules';

/**
 * The orientation the screen's device is set to (Equipment → orientation), for the slides it
 * plays: portrait lays a slide's image above its text even in a window wider than tall. Null
 * where it is not known (previews go by their own shape).
 */
export const ScreenOrientation = createContext<Orientation | null>(null);
