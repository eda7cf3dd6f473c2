#pragma once

#include "ops/eu/einvoice/EinvoiceValidator.h"

#include <QMap>
#include <QStringList>
#include <optional>

namespace ades::test {

// What the Factur-X profile tests share (TestFacturxLayer, TestFacturxBasicWlLayer,
// TestFacturxExtendedLayer): running one layer on a hand-made document, editing that document, and reading
// what the profile XSLT reported for a corpus document.

// The ids the validator reports with only `layer` selected, sorted (an id repeats once per finding).
QStringList layerFindingIds(const QString &xml, const QString &layer);

// Each id once, sorted.
QStringList distinct(QStringList ids);
QStringList distinctIds(const QList<ades::eu::Finding> &findings);

// Replaces the first occurrence of `from` by `to`; false (and `xml` untouched) when `from` is missing.
bool replaceFirst(QString &xml, const QString &from, const QString &to);

// Applies (from, to) pairs to a document, each to the first occurrence; false when a `from` is missing.
bool applyEdits(QString &xml, const QStringList &edits);

// The ids in `layers[].fired` of a corpus expectation file (expected/**.json) with their summed counts;
// nothing when the file cannot be read.
std::optional<QMap<QString, int>> expectedFired(const QString &path);

} // namespace ades::test
