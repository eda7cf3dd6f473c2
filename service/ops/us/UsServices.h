#pragma once

#include <memory>

namespace ades::us {

class ImportJobs;

// What the US area builds once and its operations share.
struct UsServices
{
    std::shared_ptr<const ImportJobs> jobs;
};

} // namespace ades::us
