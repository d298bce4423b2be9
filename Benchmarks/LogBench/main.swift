print("LogBench: under construction")
