#pragma once

#include <QStringList>

namespace ades::test {

// `count` distinct VAT IDs that pass the format and checksum rules and that VIES can check, taken from
// ../shared/data/vat/vectors.json round-robin over the member states (so a batch of them spreads over
// many states, as a real customer list does). Fewer when the corpus is absent or runs out.
QStringList viesCheckableVatIds(int count);

} // namespace ades::test
