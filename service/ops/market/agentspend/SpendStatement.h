#pragma once

#include "SpendEntry.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>

namespace ades::market {

// The bookkeeping parts of the agent-spend statement, built from the wallet's transfers once each has its
// time and euro value: the transfers one by one, grouped by counterparty, the totals, the CSV export and the
// VAT note. Pure: no network, no clock; entries are shown in block order whatever order they come in.
// The parts that grow with the transfers are canonical JSON text (core/CanonicalWriter): as Qt JSON objects
// they cost three times the rest of a statement (docs/benchmarks.md, "Agent spend").
namespace SpendStatement {

// Every transfer of `direction` in block and log order: an array.
QByteArray transfers(const QList<SpendEntry> &entries, SpendEntry::Direction direction);
// Per counterparty: amount in USDC and EUR, count, first and last day; largest amount first: an array.
QByteArray byCounterparty(const QList<SpendEntry> &entries, SpendEntry::Direction direction);
// Count, amounts, counterparties; `eur_complete` false when some transfer has no euro value: an object.
QByteArray totals(const QList<SpendEntry> &entries, SpendEntry::Direction direction);
// One row per transfer (all directions), a header row first; RFC 4180 quoting, CRLF line ends.
QString csv(const QList<SpendEntry> &entries);
// The header row's column names, in order.
QStringList csvColumns();
// Why a transfer's rate is of an earlier day ("a weekend", ...); empty when it is the day's own.
QString rateNote(const SpendEntry &entry);
// The EU VAT rules for purchased services, stated as a note since the payees' identity is unknown.
QJsonObject vatNote();

} // namespace SpendStatement

} // namespace ades::market
