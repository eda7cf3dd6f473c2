#pragma once

#include <memory>

namespace ades::us {

class HtsClient;
class ImportJobs;
class RecallClient;

// What the US area builds once and its operations share.
struct UsServices
{
    std::shared_ptr<const ImportJobs> jobs;
    std::shared_ptr<const HtsClient> tariff;
    std::shared_ptr<const RecallClient> recalls;
};

} // namespace ades::us
