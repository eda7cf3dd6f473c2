#include "SocialSearch.h"

#include "BlueskySession.h"
#include "MastodonInstance.h"
#include "SocialFeedMemo.h"
#include "SocialMerge.h"
#include "SocialQuery.h"
#include "SocialSettings.h"
#include "core/CallGroup.h"
#include "core/Clock.h"
#include "core/Settings.h"
#include "ops/market/MarketServices.h"
#include "ops/market/MarketSources.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

QJsonObject withOrigin(QJsonObject provenance, const SocialSource &source)
{
    if (!source.instance.isEmpty())
        provenance.insert(u"instance"_s, source.instance);
    return provenance;
}

// The sources one query asks, in the order the result lists them: Bluesky, then each Mastodon instance;
// when no hashtag can be formed, Mastodon once, not asked (no fetch), with the reason. Each answer is read
// through the memo.
QList<SocialSource> sourcesFor(const MarketServices &services, const std::shared_ptr<BlueskySession> &session,
    const QList<MastodonInstance> &instances, const SocialQuery &query,
    const std::shared_ptr<SocialFeedMemo> &memo)
{
    QList<SocialSource> sources { SocialSources::bluesky(services, session, query) };
    if (query.hashtags.isEmpty()) {
        SocialSource mastodon;
        mastodon.label = QString::fromUtf16(MarketSource::Mastodon);
        mastodon.network = u"mastodon"_s;
        mastodon.skipped = u"no hashtag can be formed from q (Mastodon is searched by hashtag only)"_s;
        sources.append(mastodon);
    } else {
        for (const MastodonInstance &instance : instances)
            sources.append(SocialSources::mastodon(services, instance, query));
    }
    for (SocialSource &source : sources) {
        if (source.read)
            source.read = [memo, label = source.label, read = source.read](
                              const FetchedBody &answer) { return memo->read(label, answer, read); };
    }
    return sources;
}

} // namespace

std::optional<ServiceError> checkSocialSearch(const QJsonObject &args)
{
    if (!SocialQuery::isSearchable(args.value(u"q"_s).toString()))
        return ServiceError::unprocessable(
            u"query_not_searchable"_s, u"q must contain at least one letter or digit."_s, u"q"_s);
    return std::nullopt;
}

Result<QJsonObject> socialResult(const SocialQuery &query, qsizetype limit,
    const QList<SocialSource> &sources, const QList<SocialAnswer> &answers, const QDateTime &now,
    qint64 freshnessSeconds)
{
    QList<SocialFeed> feeds(sources.size());
    QList<QJsonObject> provenance(sources.size());
    QJsonArray sourceEntries;
    QJsonArray failed;
    QStringList failedLabels;
    bool anyAnswered = false;
    bool complete = true; // every source asked and answered
    for (qsizetype i = 0; i < sources.size(); ++i) {
        const SocialSource &source = sources.at(i);
        const SocialAnswer &answer = answers.at(i);
        QJsonObject entry;
        QString problem = answer.skipped;
        if (answer.fetched && answer.fetched->ok()) {
            provenance[i] = withOrigin(answer.fetched->value().provenance(now), source);
            entry = provenance[i];
            const Result<SocialFeed> feed = source.read(answer.fetched->value());
            if (feed.ok()) {
                feeds[i] = feed.value();
                anyAnswered = true;
                entry.insert(u"posts_read"_s, feed.value().posts.size());
                entry.insert(u"skipped_entries"_s, feed.value().skipped);
            } else {
                problem = feed.error().message();
            }
        } else if (answer.fetched) {
            problem = answer.fetched->error().message();
        }
        entry.insert(u"source"_s, source.label.section(u':', 0, 0));
        entry.insert(u"network"_s, source.network);
        if (!source.instance.isEmpty())
            entry.insert(u"instance"_s, source.instance);
        const bool ok = problem.isEmpty();
        complete = complete && ok;
        entry.insert(u"status"_s, ok ? u"ok"_s : (answer.fetched ? u"failed"_s : u"skipped"_s));
        if (!ok) {
            entry.insert(u"problem"_s, problem);
            if (answer.fetched) {
                failed.append(QString(source.label + u": "_s + problem));
                failedLabels.append(source.label);
            }
        }
        sourceEntries.append(entry);
    }
    if (!anyAnswered) {
        QStringList problems;
        for (const QJsonValue &entry : std::as_const(sourceEntries))
            problems.append(entry[u"source"_s].toString()
                + (entry[u"instance"_s].isString() ? u':' + entry[u"instance"_s].toString() : QString())
                + u": "_s + entry[u"problem"_s].toString());
        return ServiceError::sourceUnavailable(sources.value(0).label,
            u"No social source answered (%1). Nothing was charged."_s.arg(problems.join(u"; "_s)))
            .setMissing(failedLabels)
            .setExtra(u"partial_evidence"_s, QJsonObject { { u"sources"_s, sourceEntries } });
    }
    QJsonArray posts;
    for (const SourcedPost &sourced : SocialMerge::merge(feeds, limit)) {
        const QList<QJsonObject> &wire = feeds.at(sourced.source).wire;
        QJsonObject post = sourced.index < wire.size() ? wire.at(sourced.index) : sourced.post->toJson();
        post.insert(u"source"_s, provenance.at(sourced.source));
        posts.append(post);
    }
    return QJsonObject {
        { u"query"_s, query.text },
        { u"hashtags"_s, QJsonArray::fromStringList(query.hashtags) },
        { u"limit"_s, limit },
        { u"checked_at"_s, isoUtc(now) },
        { u"freshness_seconds"_s, freshnessSeconds },
        { u"complete"_s, complete },
        { u"posts"_s, posts },
        { u"sources"_s, sourceEntries },
        { u"failed_sources"_s, failed },
    };
}

Handler makeSocialSearchHandler(const MarketServices &services)
{
    const QString handle = services.settings.get(SocialSettings::BlueskyHandle);
    const QString password = services.settings.get(SocialSettings::BlueskyAppPassword);
    std::shared_ptr<BlueskySession> session;
    if (!handle.isEmpty() && !password.isEmpty())
        session = std::make_shared<BlueskySession>(services.upstream, services.clock, handle, password);
    const QList<MastodonInstance> instances
        = MastodonInstance::parseList(services.settings.get(SocialSettings::MastodonInstances));
    const qint64 freshness = services.settings.get(SocialSettings::FreshnessSeconds);
    const auto memo = std::make_shared<SocialFeedMemo>();

    return [&services, session, instances, freshness, memo](
               const QJsonObject &args, const CallContext &, Completion done) {
        const SocialQuery query = SocialQuery::from(args.value(u"q"_s).toString());
        const qsizetype limit = qBound<qsizetype>(1, args.value(u"limit"_s).toInteger(10), SocialMaxLimit);
        const QList<SocialSource> sources = sourcesFor(services, session, instances, query, memo);
        auto answers = std::make_shared<QList<SocialAnswer>>(sources.size());
        qsizetype asked = 0;
        for (qsizetype i = 0; i < sources.size(); ++i) {
            if (sources.at(i).fetch)
                ++asked;
            else
                (*answers)[i].skipped = sources.at(i).skipped;
        }
        auto group
            = CallGroup::start(int(asked), [&services, query, limit, sources, answers, freshness, done]() {
                  Result<QJsonObject> result
                      = socialResult(query, limit, sources, *answers, services.clock.now(), freshness);
                  if (!result.ok())
                      return done(result.error());
                  done(OperationResult { result.value(), query.text });
              });
        for (qsizetype i = 0; i < sources.size(); ++i) {
            if (!sources.at(i).fetch)
                continue;
            services.cache.get(sources.at(i).cacheKey, freshness * 1000, sources.at(i).fetch,
                [answers, i, group](SourceCache::Fetched fetched) {
                    (*answers)[i].fetched = std::move(fetched);
                    group->arrive();
                });
        }
    };
}

} // namespace ades::market
