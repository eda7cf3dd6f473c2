#pragma once

#include "core/Result.h"

#include <QDate>
#include <QList>
#include <QString>
#include <QStringList>
#include <QStringView>
#include <memory>
#include <optional>

class QByteArray;

namespace ades::eu {

// A VAT rate in hundredths of a percent (2550 = 25.5 %): read from decimal text, exact, never a binary float.
using RateHundredths = int;

// Parses "19", "25.5", "4.8" (at most two decimals, 0–100); nullopt for anything else.
std::optional<RateHundredths> parseRate(QStringView text);

// The rate levels of one country over one period.
struct VatRatePeriod
{
    QDate from; // first day; invalid for the long-standing base period
    RateHundredths standard = 0;
    QList<RateHundredths> reduced; // highest first
    std::optional<RateHundredths> superReduced;
    std::optional<RateHundredths> parking;
    QString note; // why the period was added or what to confirm; may be empty
};

struct VatCountryRates
{
    QString country; // ISO code, "GR" for Greece, "XI" for Northern Ireland
    QString name;
    QString vatPrefix;
    QList<VatRatePeriod> periods; // newest first; the last one has no start
    QStringList territoryExceptions; // places with other rates or outside the VAT territory, by name
    QString scopeChanges; // scope-only changes in words (same levels, other goods); may be empty

    // The period in force on `date`, or nullptr when the table starts later.
    const VatRatePeriod *inForce(const QDate &date) const;
};

// The dated rates table shipped as ":/vat/rates.json" (resources/vat/SOURCES.md). Immutable after
// construction: one instance is shared by every thread without locking.
class VatRates
{
public:
    // The bundled table, parsed on first use (thread-safe). A broken bundled file is a build error and
    // aborts with qFatal: no VAT rule result may go out without its rates.
    static std::shared_ptr<const VatRates> bundled();
    // A table in the ades-vat-rates/1 form; 500-kind error naming the first problem otherwise.
    static Result<VatRates> parse(const QByteArray &json);

    QDate asOf() const { return m_asOf; }
    QString source() const { return m_source; }
    QString authority() const { return m_authority; }
    const QList<VatCountryRates> &countries() const { return m_countries; }
    // The entry of an ISO code ("DE", "GR", "XI"), or nullptr.
    const VatCountryRates *country(QStringView iso) const;

private:
    QDate m_asOf;
    QString m_source;
    QString m_authority;
    QList<VatCountryRates> m_countries;
};

} // namespace ades::eu
