/** The USPS codes of the 50 states and the District of Columbia. */
export const US_STATES_AND_DC: readonly string[] = [
  ...['AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS'],
  ...['KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC'],
  ...['ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY'],
];

/** The USPS codes of the inhabited territories: Puerto Rico, Guam, the Virgin Islands, American Samoa, the Northern Marianas. */
export const US_TERRITORIES: readonly string[] = ['PR', 'GU', 'VI', 'AS', 'MP'];
