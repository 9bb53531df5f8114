/**
 * Text fields of the files merchants write (catalogues, store details): each message names
 * its field, as the `store` command prints it beside the line or file it came from.
 */
export { fieldText as text, requiredFieldText as requiredText } from '@netkart/contract';
