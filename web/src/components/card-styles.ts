/** The site's light card: white, a hairline border, rounded corners and a soft shadow. */
export const cardStyles = {
  bg: 'white',
  borderWidth: '1px',
  borderColor: 'gray.200',
  borderRadius: 'xl',
  boxShadow: 'sm',
} as const;
