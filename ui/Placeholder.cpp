void adesUiPlaceholder() { }
