#include "TariffFinding.h"

#include "DutyComponent.h"
#include "ops/us/readiness/ImportInput.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::us {

namespace {

DecisionReason review(const QString &code, const QString &message, const QString &action)
{
    return DecisionReason { DecisionReason::Weight::Review, code, u"tariff"_s, message, action };
}

QJsonObject dutyOf(const ImportInput &in, const HtsLine *rateLine, TariffFinding &f, const QString &whyNot)
{
    const HtsRate rate = HtsRate::parse(rateLine ? rateLine->general : QString());
    QJsonObject duty {
        { u"basis"_s, u"MFN column 1 (general) rate of the HTS line, times the declared customs value"_s },
        { u"customs_value_usd"_s, in.customsValueUsd },
        { u"rate_text"_s, rate.text.isEmpty() ? QJsonValue() : QJsonValue(rate.text) },
        { u"rate_kind"_s, HtsRate::kindName(rate.kind) },
        { u"rate_line"_s, rateLine ? QJsonValue(rateLine->number) : QJsonValue() },
    };
    if (rateLine && rate.computable()) {
        f.dutyCents = DutyComponent::cents(in.customsValueCents, rate.percent);
    }
    if (f.dutyCents) {
        duty.insert(u"computed"_s, true);
        duty.insert(u"rate_percent"_s, rate.percent);
        duty.insert(u"duty_usd"_s, DutyComponent::usd(*f.dutyCents));
        duty.insert(u"reason_not_computed"_s, QJsonValue());
    } else {
        duty.insert(u"computed"_s, false);
        duty.insert(u"rate_percent"_s, QJsonValue());
        duty.insert(u"duty_usd"_s, QJsonValue());
        const QString why = !whyNot.isEmpty()         ? whyNot
            : rate.kind == HtsRate::Kind::NotComputed ? u"the rate is specific or compound (per unit, weight "
                                                        u"or volume); only Free and simple ad-valorem "
                                                        "rates are computed"_s
                                                      : u"the line carries no general rate"_s;
        duty.insert(u"reason_not_computed"_s, why);
        f.reasons.append(
            review(u"duty_not_computed"_s, u"The ordinary duty component was not computed: %1."_s.arg(why),
                u"Have the duty estimated by a customs broker or the carrier before relying on a cost."_s));
    }
    duty.insert(u"note"_s,
        u"Only the ordinary duty at the MFN rate. Not included: additional duties of Chapter 99 (trade "
        "remedies, Section 232/301 measures), preferential rates, fees (merchandise processing, harbor "
        "maintenance), taxes, carrier and broker charges."_s);
    return duty;
}

void declared(const ImportInput &in, const HtsAnswer &answer, TariffFinding &f)
{
    const QString code = in.htsCode;
    const HtsLine *line = HtsLines::find(answer.rows, code);
    f.tariff.insert(u"mode"_s, u"validate_declared_code"_s);
    f.tariff.insert(u"declared_code"_s, TariffFinding::dotted(code));
    if (!line) {
        f.tariff.insert(u"status"_s, u"not_in_current_revision"_s);
        f.reasons.append(review(u"hts_code_not_in_schedule"_s,
            u"The declared code %1 is not in the current revision of the Harmonized Tariff Schedule."_s.arg(
                TariffFinding::dotted(code)),
            u"Correct the HTS code (check it at hts.usitc.gov or with a customs broker) and run the dossier "
            "again."_s));
        f.duty = dutyOf(in, nullptr, f, u"the declared code is not in the schedule"_s);
        return;
    }
    const HtsLine *rateLine = nullptr;
    QString whyNot;
    if (code.size() == 6) {
        const QList<const HtsLine *> lines = HtsLines::tariffLinesUnder(answer.rows, code);
        QJsonArray under;
        QStringList rates;
        for (const HtsLine *l : lines) {
            under.append(l->toJson());
            if (!rates.contains(l->general))
                rates.append(l->general);
        }
        f.tariff.insert(u"tariff_lines_under_code"_s, under);
        if (lines.size() == 1 || (lines.size() > 1 && rates.size() == 1))
            rateLine = lines.first();
        else {
            whyNot = u"a 6-digit code covers %1 tariff lines with different rates"_s.arg(lines.size());
            f.reasons.append(review(u"hts_code_not_specific"_s,
                u"The 6-digit code %1 covers several 8-digit tariff lines with different rates."_s.arg(
                    TariffFinding::dotted(code)),
                u"Declare the 8- or 10-digit code of the product."_s));
        }
    } else {
        rateLine = HtsLines::rateLine(answer.rows, *line);
    }
    f.tariff.insert(u"status"_s, u"valid"_s);
    f.tariff.insert(u"line"_s, line->toJson());
    f.tariff.insert(u"rate_line"_s, rateLine ? QJsonValue(rateLine->toJson()) : QJsonValue());
    QStringList chapter99 = line->chapter99References();
    if (rateLine) {
        for (const QString &r : rateLine->chapter99References()) {
            if (!chapter99.contains(r))
                chapter99.append(r);
        }
    }
    f.tariff.insert(u"chapter_99_references"_s, QJsonArray::fromStringList(chapter99));
    if (!chapter99.isEmpty())
        f.reasons.append(review(u"additional_duties_possible"_s,
            u"The tariff line refers to Chapter 99 (%1): additional duties or restrictions may apply."_s.arg(
                chapter99.join(u", "_s)),
            u"Check the Chapter 99 provisions named in tariff.chapter_99_references for this country of "
            "origin before relying on the cost view."_s));
    f.duty = dutyOf(in, rateLine, f, whyNot);
}

void candidates(const ImportInput &in, const HtsAnswer &answer, TariffFinding &f)
{
    f.tariff.insert(u"mode"_s, u"candidates"_s);
    f.tariff.insert(u"search_keyword"_s, in.productName);
    QJsonArray list;
    for (const HtsLine &row : answer.rows) {
        if (row.digits.size() < 8)
            continue;
        const HtsLine *rate = HtsLines::rateLine(answer.rows, row);
        QJsonObject c = row.toJson();
        c.insert(u"applicable_general_rate"_s, rate ? QJsonValue(rate->general) : QJsonValue());
        c.insert(u"rate_from"_s, rate ? QJsonValue(rate->number) : QJsonValue());
        list.append(c);
        if (list.size() >= TariffFinding::MaxCandidates)
            break;
    }
    f.tariff.insert(u"status"_s, list.isEmpty() ? u"no_candidates"_s : u"candidates"_s);
    f.tariff.insert(u"candidates"_s, list);
    f.tariff.insert(u"non_binding"_s, true);
    f.reasons.append(review(u"hts_code_not_declared"_s,
        list.isEmpty()
            ? u"No HTS code was declared and the tariff search found no candidate for the product name."_s
            : u"No HTS code was declared: the candidates from the tariff search are not a classification."_s,
        u"Choose the HTS code (with the seller or a customs broker; a binding ruling comes only from CBP) "
        u"and "
        "run the free check and the dossier again with it."_s));
    f.duty = dutyOf(in, nullptr, f, u"no HTS code was declared"_s);
}

} // namespace

QString TariffFinding::dotted(const QString &digits)
{
    QString out = digits.left(4);
    for (qsizetype at = 4; at < digits.size(); at += 2)
        out += u'.' + digits.mid(at, 2);
    return out;
}

TariffFinding TariffFinding::of(const ImportInput &in, const Result<HtsAnswer> &answer)
{
    TariffFinding f;
    f.tariff.insert(u"source"_s, HtsClient::sourceId());
    f.tariff.insert(u"binding"_s, false);
    if (!answer.ok()) {
        f.missing = true;
        f.tariff.insert(u"mode"_s, in.htsCode.isEmpty() ? u"candidates"_s : u"validate_declared_code"_s);
        f.tariff.insert(u"status"_s, u"unavailable"_s);
        f.tariff.insert(u"reason"_s, answer.error().message());
        f.duty = dutyOf(in, nullptr, f, u"the tariff schedule could not be read"_s);
        f.reasons.append(review(u"tariff_unavailable"_s, answer.error().message(),
            u"Run the dossier again later: the tariff schedule could not be read."_s));
        return f;
    }
    f.snapshot = answer.value().snapshot;
    f.tariff.insert(u"revision"_s,
        answer.value().revision.isEmpty() ? QJsonValue() : QJsonValue(answer.value().revision));
    f.tariff.insert(u"from_cache"_s, answer.value().fromCache);
    if (in.htsCode.isEmpty())
        candidates(in, answer.value(), f);
    else
        declared(in, answer.value(), f);
    return f;
}

} // namespace ades::us
