// The styles of the form controls (the enquiry form, the blog's search box), handed to the
// components that use them instead of being registered in the theme: the theme's recipes ship with
// every page's first load, these only with the code of the forms. Chakra renders the same styles
// either way (`recipe` prop), on the server and in the browser.
export { fieldSlotRecipe, inputRecipe, textareaRecipe } from '@chakra-ui/react/theme';
