// What the import pages show of a refused form (a message key's code and its values).

export type ImportError = {
  code:
    | 'expired'
    | 'invalid'
    | 'no_file'
    | 'csv_too_large'
    | 'zip_too_large'
    | 'busy'
    | 'imported'
    | 'no_mapping'
    | 'mapping_invalid'
    | 'not_text'
    | 'no_known_column'
    | 'no_rows'
    | 'zip_invalid'
    | 'zip_bomb'
    | 'picture_hosts_invalid'
    | `csv_${string}`;
  params?: Record<string, string | number>;
};
