package a

import importedRe "strings"

var _ = importedRe.ToUpper
