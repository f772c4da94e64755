/** The layout state: horizontal by default, or vertical with the dark sidebar. */
export type LayoutType = 'horizontal' | 'vertical';
export const LAYOUT_STORE_KEY = 'layout.type';
