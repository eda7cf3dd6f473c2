#pragma once

#include <QByteArray>

namespace ades {

// Compares secrets (API key hashes, recovery secrets, HMACs) without a timing side channel on their
// content. Only the lengths leak: unequal lengths return false at once.
bool constantTimeEquals(const QByteArray &a, const QByteArray &b);

} // namespace ades
