/**
 * The plate panel of the station's keyboard, one tap a character: the 31 mainland province abbreviations, then the
 * characters of special plates (使 embassy, 领 consulate, 港 / 澳 cross-border, 挂 trailer, 学 driving school, 警 police).
 */
export const PROVINCE_ROWS = ['京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘', '晋蒙陕吉闽贵粤青藏川宁琼使领港澳挂学警'] as const;
